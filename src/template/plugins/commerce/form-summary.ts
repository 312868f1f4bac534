/** `summary-form-field`: one line of a submitted form's answers (spec 001 §2, §9). */
import { formAnswerLines, type LikertValue } from '../../../commerce/form-fields';
import { likertLabelText } from '../../../messages/fields';
import type { TemplateContext } from '../api';
import { asRecord, localized, text } from './data';
import { escapeHtml } from './html';

/** The localized-string key of each likert answer (spec 001 §9). */
const LIKERT_KEYS: Readonly<Record<LikertValue, string>> = {
  '-2': 'productAnswerMapStronglyDisagree',
  '-1': 'productAnswerMapDisagree',
  '0': 'productAnswerMapNeutral',
  '1': 'productAnswerMapAgree',
  '2': 'productAnswerMapStronglyAgree',
};

/** Fields whose answer is in `values` (parts, ticked options, likert rows) rather than `value`. */
const STRUCTURED = new Set(['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'time']);

const block = (lines: readonly string[]): string =>
  `<div style="padding-left:5px;">\n${lines.map((line) => `  <div>${line}</div>\n`).join('')}</div>`;

/** The answer as escaped HTML, or undefined when the field holds no answer. */
function answerHtml(ctx: TemplateContext, field: Readonly<Record<string, unknown>>): string | undefined {
  const type = text(field['type']);
  const plain = () => formAnswerLines('text', field['value'], likertLabelText);
  if (!STRUCTURED.has(type)) return plain()?.map((line) => escapeHtml(line.text))[0];
  const values = field['values'];
  const answer = type === 'checkbox' ? (Array.isArray(values) ? values : []) : values;
  const lines = formAnswerLines(type, answer, (score) =>
    localized(ctx, LIKERT_KEYS[score], likertLabelText(score)),
  );
  if (lines === undefined) {
    // An unticked checkbox falls back to the field's plain value.
    return type === 'checkbox' ? plain()?.map((line) => escapeHtml(line.text))[0] : undefined;
  }
  if (type === 'address') return block(lines.map((line) => escapeHtml(line.text)));
  if (type === 'likert') {
    return block(
      lines.map(
        (line) =>
          `<span style="font-weight:bold;">${escapeHtml(line.label ?? '')}:</span> ${escapeHtml(line.text)}`,
      ),
    );
  }
  const html = escapeHtml(lines[0]?.text ?? '');
  return type === 'checkbox' ? `${html}\n` : html;
}

export function summaryFormFieldHtml(ctx: TemplateContext, field: unknown): string {
  const record = asRecord(field);
  const answer =
    answerHtml(ctx, record) ?? escapeHtml(localized(ctx, 'productSummaryFormNoAnswerText', 'N/A'));
  return (
    `<div style="font-size:11px; margin-top:3px">\n` +
    `  <span style="font-weight:bold;">${escapeHtml(text(record['rawTitle']))}:</span> ${answer}\n` +
    `</div>`
  );
}
