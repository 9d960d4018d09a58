import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_HEADER_MAX,
  TEMPLATE_PARAM_MAX,
  templateInputs,
  templateSendIssues,
  type SendTemplateBody,
  type Template,
  type TemplateSendIssue,
} from '@sapa/contracts';

/** What the agent types for one template: a value per body {{n}}, the header's value or link. */
export interface TemplateValues {
  params: string[];
  headerParam: string;
  headerMediaUrl: string;
}

export function emptyValues(template: Template): TemplateValues {
  const highest = templateInputs(template).bodyParams.at(-1) ?? 0;
  return { params: Array.from({ length: highest }, () => ''), headerParam: '', headerMediaUrl: '' };
}

/** The same rules the server applies (contracts `templateSendIssues`), on the form's values. */
export function valueIssues(template: Template, values: TemplateValues): TemplateSendIssue[] {
  return templateSendIssues(template, values);
}

/** Where an issue is shown: `params.0` for {{1}}, `headerParam`, `headerMediaUrl`, `body`. */
export function issueKey(issue: Pick<TemplateSendIssue, 'field' | 'param'>): string {
  return issue.field === 'params' && issue.param ? `params.${issue.param - 1}` : issue.field;
}

/** The i18n key and values of an issue in the `inboxTemplates` namespace. */
export function issueText(issue: TemplateSendIssue): {
  key: string;
  values: Record<string, unknown>;
} {
  const max =
    issue.field === 'headerParam'
      ? TEMPLATE_HEADER_MAX
      : issue.field === 'body'
        ? TEMPLATE_BODY_MAX
        : TEMPLATE_PARAM_MAX;
  return { key: `errors.${issue.field}.${issue.code}`, values: { n: issue.param ?? 1, max } };
}

/** The request body: only the inputs this template takes. */
export function sendBody(
  chatId: string,
  template: Template,
  values: TemplateValues,
  generatedId: string,
): SendTemplateBody {
  const need = templateInputs(template);
  return {
    chatId,
    templateId: template._id,
    params: values.params.map((v) => v.trim()),
    ...(need.headerParam ? { headerParam: values.headerParam.trim() } : {}),
    ...(need.headerMedia ? { headerMediaUrl: values.headerMediaUrl.trim() } : {}),
    generatedId,
  };
}
