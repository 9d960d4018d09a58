import { useState } from 'react';
import {
  Avatar,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  type ComboboxItem,
  type SelectProps,
} from '@mantine/core';
import type { Chat } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { initials } from '../components/ChatRow';
import { useAssignableAgents, useAssignableDivisions } from './api';

type Target = 'agent' | 'division';

/** `null` agent or division clears it. */
export interface AssignChoice {
  agentId?: string | null;
  divisionId?: string | null;
}

const UNASSIGN = '__none__';

interface AgentOption extends ComboboxItem {
  role: string;
}

/** Assign or reassign the chat to an agent or a division (spec §7 `POST /chats/assign`). */
export function AssignModal({
  chat,
  opened,
  loading,
  onClose,
  onAssign,
}: {
  chat: Chat;
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onAssign: (choice: AssignChoice) => void;
}) {
  const { t } = useTranslation('chatActions');
  const [target, setTarget] = useState<Target>('agent');
  const [agentId, setAgentId] = useState<string | null>(chat.agentId);
  const [divisionId, setDivisionId] = useState<string | null>(chat.divisionId[0] ?? null);
  const agents = useAssignableAgents(opened);
  const divisions = useAssignableDivisions(opened && target === 'division');

  const agentOptions: AgentOption[] = [
    { value: UNASSIGN, label: t('assign.nobody'), role: '' },
    ...(agents.data ?? []).map((u) => ({
      value: u._id,
      label: u.name,
      role: t(`assign.roles.${u.role}`),
    })),
  ];
  const renderAgent: SelectProps['renderOption'] = ({ option }) => {
    const item = option as AgentOption;
    if (item.value === UNASSIGN) return <Text size="sm">{item.label}</Text>;
    return (
      <Group gap="sm" wrap="nowrap">
        <Avatar size={26} radius="xl" color="sapa" variant="light">
          {initials(item.label)}
        </Avatar>
        <div>
          <Text size="sm">{item.label}</Text>
          <Text size="xs" c="dimmed">
            {item.role}
          </Text>
        </div>
      </Group>
    );
  };

  const currentAgent = chat.agentId ?? UNASSIGN;
  const unchanged =
    target === 'agent'
      ? (agentId ?? UNASSIGN) === currentAgent
      : (divisionId ?? null) === (chat.divisionId[0] ?? null);

  const submit = () => {
    if (target === 'agent') onAssign({ agentId: agentId === UNASSIGN ? null : agentId });
    else onAssign({ divisionId });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{t('assign.title')}</Text>}
      centered
      radius="md"
      data-testid="assign-modal"
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          value={target}
          onChange={(value) => setTarget(value === 'division' ? 'division' : 'agent')}
          data={[
            { value: 'agent', label: t('assign.toAgent') },
            { value: 'division', label: t('assign.toDivision') },
          ]}
          data-testid="assign-target"
        />
        {target === 'agent' ? (
          <Select
            label={t('assign.agent')}
            placeholder={t('assign.searchAgent')}
            searchable
            nothingFoundMessage={t('assign.noAgents')}
            data={agentOptions}
            value={agentId ?? UNASSIGN}
            onChange={(value) => setAgentId(value)}
            renderOption={renderAgent}
            disabled={agents.isPending}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={280}
            data-testid="assign-agent"
          />
        ) : (
          <Select
            label={t('assign.division')}
            placeholder={t('assign.pickDivision')}
            searchable
            clearable
            nothingFoundMessage={t('assign.noDivisions')}
            data={(divisions.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
            value={divisionId}
            onChange={setDivisionId}
            disabled={divisions.isPending}
            comboboxProps={{ withinPortal: true }}
            data-testid="assign-division"
          />
        )}
        {(agents.isError || divisions.isError) && (
          <Text size="sm" c="red">
            {t('assign.loadFailed')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('confirm.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={loading}
            disabled={unchanged}
            data-testid="assign-submit"
          >
            {t('assign.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
