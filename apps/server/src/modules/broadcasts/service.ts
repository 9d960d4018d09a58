import {
  BROADCAST_LIMITS,
  BROADCAST_MESSAGES,
  fillBroadcastMessage as fill,
  recipientColumns,
  templateParams,
  type Broadcast,
  type BroadcastCreateBody,
  type RecipientCheckResult,
  type RecipientSource,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ParsedSheet } from '../../lib/sheets/read-sheet.js';
import type { Caller } from '../auth/principal.js';
import { InsufficientBalanceError } from '../billing/ledger.js';
import { assertMaySend } from '../billing/pricing/index.js';
import { scheduleBroadcast } from './engine/schedule.js';
import { channelOff, channelOffError } from './channel-state.js';
import { broadcastCost, broadcastTerms } from './cost.js';
import { groupSheet } from './group-source.js';
import { headerMediaOf } from './header-media.js';
import { toBroadcast } from './presenter.js';
import { broadcastsRepo, type TemplateRow } from './repo.js';
import {
  checkRecipientRows,
  readRecipientFile,
  readRecipientText,
  type RecipientCheck,
} from './recipients-parse.js';
import { countRecipients, recipientsRepo } from './recipients.repo.js';

export type CheckSource = RecipientSource | { type: 'file'; bytes: Buffer };

/** The recipient columns a template asks for (contracts' recipientColumns). */
export function templateColumns(t: Pick<TemplateRow, 'content' | 'header_type' | 'header_text'>) {
  return recipientColumns({
    bodyParamCount: templateParams(t.content).length,
    headerParam: t.header_type === 'text' && templateParams(t.header_text).length > 0,
  });
}

/** An accepted template of the account, or the reason it cannot be broadcast. */
export async function broadcastableTemplate(db: Db, accountId: string, templateId: string) {
  const template = await broadcastsRepo.findTemplate(db, accountId, templateId);
  if (!template) throw notFound(BROADCAST_MESSAGES.templateNotFound);
  if (template.channel_provider === 'whatsapp_basic') throw linkedNumberRefused();
  if (template.status !== 'accepted')
    throw badRequest(BROADCAST_MESSAGES.templateNotAccepted, 'TEMPLATE_NOT_ACCEPTED');
  return template;
}

/** Broadcasts stay with the Cloud API: bulk sends from a number linked by QR code get it banned. */
function linkedNumberRefused() {
  return badRequest(BROADCAST_MESSAGES.linkedNumber, 'BROADCAST_LINKED_NUMBER');
}

/** A disconnected or deleted channel carries no broadcast: refused before anything is stored. */
function assertChannelOn(template: TemplateRow): void {
  const off = channelOff(template);
  if (off) throw channelOffError(off);
}

/**
 * The three-step wizard's server side. Step 2's 'Check Now' parses and validates the recipient
 * data once and stores it as a draft broadcast with its recipients (status 'draft', which the
 * engine never picks up); step 3 confirms that draft. A 100,000-row upload is thus parsed once,
 * and the confirmation is a single UPDATE plus the engine's schedule, not a second upload.
 */
export class BroadcastsService {
  constructor(private readonly deps: Deps) {}

  async check(
    principal: Caller,
    input: { templateId: string; title?: string | undefined; draftId?: string | undefined },
    source: CheckSource,
  ): Promise<RecipientCheckResult> {
    const { db } = this.deps;
    const { accountId } = principal;
    const template = await broadcastableTemplate(db, accountId, input.templateId);
    assertChannelOn(template);
    const required = templateColumns(template);
    const [sheet, terms] = await Promise.all([
      this.sheetOf(accountId, source, required),
      broadcastTerms(db, accountId),
    ]);
    if (sheet.sheet.rows.length > BROADCAST_LIMITS.maxRows)
      throw badRequest(
        fill(BROADCAST_MESSAGES.tooManyRows, { max: BROADCAST_LIMITS.maxRows }),
        'BROADCAST_TOO_MANY_ROWS',
      );
    const checked: RecipientCheck = await checkRecipientRows(sheet.sheet, required);
    if (sheet.contactIds)
      for (const r of checked.valid) r.contactId = sheet.contactIds[r.row - 1] ?? null;
    if (terms.limit !== null && checked.valid.length > terms.limit)
      throw badRequest(
        fill(BROADCAST_MESSAGES.overLimit, { max: terms.limit }),
        'BROADCAST_OVER_LIMIT',
      );

    const now = this.deps.clock.now();
    const draftId = await db.transaction().execute(async (trx) => {
      await broadcastsRepo.deleteDrafts(trx, accountId, {
        id: input.draftId,
        olderThan: new Date(now.getTime() - BROADCAST_LIMITS.draftHours * 3_600_000),
      });
      const id = await broadcastsRepo.createDraft(trx, {
        accountId,
        channelId: template.channel_id,
        templateId: template.id,
        createdBy: principal.userId,
        title: input.title ?? '',
        totalCount: checked.valid.length,
        invalidCount: checked.rejected.length,
      });
      const target = { accountId, channelId: template.channel_id, broadcastId: id };
      await recipientsRepo.insertRecipients(trx, target, checked.valid);
      await recipientsRepo.insertRejected(trx, id, checked.rejected);
      return id;
    });
    const first = checked.valid[0];
    return {
      draftId,
      columns: required,
      totalRows: checked.totalRows,
      validCount: checked.valid.length,
      invalidCount: checked.rejected.length,
      first: first ? { phone: first.phone, params: first.params, header: first.header } : null,
      invalidSample: checked.rejected
        .slice(0, BROADCAST_LIMITS.invalidSample)
        .map((r) => ({ row: r.row, reason: r.reason, values: r.values })),
      limit: terms.limit,
      cost: broadcastCost(terms, checked.valid.length),
    };
  }

  private async sheetOf(
    accountId: string,
    source: CheckSource,
    required: string[],
  ): Promise<{ sheet: ParsedSheet; contactIds?: (string | null)[] }> {
    if (source.type === 'text') return { sheet: await readRecipientText(source.text) };
    if (source.type === 'file') return { sheet: await readRecipientFile(source.bytes) };
    if (source.groupIds.length === 0)
      throw badRequest(BROADCAST_MESSAGES.groupsRequired, 'BROADCAST_GROUPS_REQUIRED');
    const ids = [...new Set(source.groupIds)];
    if ((await broadcastsRepo.countGroups(this.deps.db, accountId, ids)) !== ids.length)
      throw notFound(BROADCAST_MESSAGES.groupNotFound);
    const members = await broadcastsRepo.groupMembers(this.deps.db, accountId, ids);
    return groupSheet(members, required, source.fields);
  }

  /** Step 3: the checked draft becomes a scheduled broadcast, started now or at its time. */
  async create(principal: Caller, body: BroadcastCreateBody): Promise<Broadcast> {
    const { db, clock } = this.deps;
    const { accountId } = principal;
    const now = clock.now();
    if ((await broadcastsRepo.channelProvider(db, accountId, body.channelId)) === 'whatsapp_basic')
      throw linkedNumberRefused();
    const template = await broadcastableTemplate(db, accountId, body.templateId);
    if (template.channel_id !== body.channelId)
      throw badRequest(BROADCAST_MESSAGES.templateOtherChannel, 'TEMPLATE_OTHER_CHANNEL');
    assertChannelOn(template);
    const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
    if (scheduledAt && scheduledAt.getTime() <= now.getTime())
      throw badRequest(BROADCAST_MESSAGES.scheduleInPast, 'BROADCAST_SCHEDULE_PAST', [
        { path: 'scheduledAt', message: BROADCAST_MESSAGES.scheduleInPast },
      ]);
    const headerMedia = await headerMediaOf(db, accountId, template.header_type, body.headerMedia);
    // The rule of every send (plan, suspension, minimum balance), then the cost of this one.
    await assertMaySend(this.deps, principal, 'broadcast');
    const terms = await broadcastTerms(db, accountId);

    const id = await db.transaction().execute(async (trx) => {
      const draft = await broadcastsRepo.lockDraft(trx, accountId, body.draftId, principal.userId);
      const expired =
        !draft ||
        draft.template_id !== template.id ||
        now.getTime() - draft.created_at.getTime() > BROADCAST_LIMITS.draftHours * 3_600_000;
      if (expired) throw notFound(BROADCAST_MESSAGES.draftExpired);
      if (draft.total_count === 0)
        throw badRequest(BROADCAST_MESSAGES.noValidRecipients, 'BROADCAST_NO_RECIPIENTS');
      if (terms.limit !== null && draft.total_count > terms.limit)
        throw badRequest(
          fill(BROADCAST_MESSAGES.overLimit, { max: terms.limit }),
          'BROADCAST_OVER_LIMIT',
        );
      const cost = broadcastCost(terms, draft.total_count);
      if (!cost.sufficient) throw new InsufficientBalanceError();
      await broadcastsRepo.confirm(trx, draft.id, {
        title: body.title,
        headerMedia,
        selfAssign: body.selfAssign,
        scheduledAt: scheduledAt ?? now,
        estimatedCost: cost.estimatedCost,
        now,
      });
      await scheduleBroadcast(this.deps, trx, draft.id, scheduledAt ?? now);
      return draft.id;
    });
    return this.get(principal, id);
  }

  /** Managers see every broadcast of the account; agents the ones they created. */
  async get(principal: Caller, id: string): Promise<Broadcast> {
    const row = await broadcastsRepo.find(this.deps.db, principal.accountId, id);
    if (!row || !canSee(principal, row.created_by))
      throw notFound(BROADCAST_MESSAGES.broadcastNotFound);
    return toBroadcast(row, await countRecipients(this.deps.db, principal.accountId, id));
  }
}

export function canSee(principal: Caller, createdBy: string | null): boolean {
  return principal.role !== 'agent' || createdBy === principal.userId;
}
