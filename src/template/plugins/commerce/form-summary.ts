/** `summary-form-field`: one line of a submitted form's answers (spec 001 §2, §9). */
import type { TemplateContext } from '../api';
import { asArray, asRecord, localized, text, toNumber } from './data';
import { escapeHtml } from './html';

/** Likert answers -2..2 with their default labels (spec 001 §9); unknown answers read as neutral. */
const LIKERT: ReadonlyArray<readonly [number, string, string]> = [
  [-2, 'productAnswerMapStronglyDisagree', 'Strongly Disagree'],
  [-1, 'productAnswerMapDisagree', 'Disagree'],
  [0, 'productAnswerMapNeutral', 'Neutral'],
  [1, 'productAnswerMapAgree', 'Agree'],
  [2, 'productAnswerMapStronglyAgree', 'Strongly Agree'],
];

function likertLabel(ctx: TemplateContext, answer: unknown): string {
  const score = toNumber(answer) ?? 0;
  const [, key, fallback] = LIKERT.find(([value]) => value === score) ?? LIKERT[2] ?? [0, '', ''];
  return localized(ctx, key, fallback);
}

const block = (lines: readonly string[]): string =>
  `<div style="padding-left:5px;">\n${lines.map((line) => `  <div>${line}</div>\n`).join('')}</div>`;

const joinPresent = (parts: readonly string[], separator: string): string =>
  parts.filter((part) => part !== '').join(separator);

/** Minutes and seconds read as two digits; a missing hour as 00. */
function timeText(values: Readonly<Record<string, unknown>>): string {
  const part = (key: string, pad: boolean): string => {
    const value = text(values[key]);
    if (value === '') return '00';
    return pad ? value.padStart(2, '0') : value;
  };
  const clock = `${part('Hour', false)}:${part('Minute', true)}:${part('Second', true)}`;
  return joinPresent([clock, text(values['Ampm'])], ' ');
}

/** The answer as escaped HTML, or undefined when the field holds no answer. */
function answerHtml(ctx: TemplateContext, field: Readonly<Record<string, unknown>>): string | undefined {
  const values = asRecord(field['values']);
  const v = (key: string): string => escapeHtml(text(values[key]));
  switch (text(field['type'])) {
    case 'address': {
      const place =
        `${joinPresent([v('City'), v('State')], ', ')} ${joinPresent([v('Zip'), v('Country')], ' ')}`.trim();
      const lines = [v('Line1'), v('Line2'), place].filter((line) => line !== '');
      return lines.length === 0 ? undefined : block(lines);
    }
    case 'checkbox': {
      const list = asArray(field['values'])
        .map(text)
        .filter((answer) => answer !== '');
      if (list.length > 0) return `${escapeHtml(list.join(', '))}\n`;
      break;
    }
    case 'date': {
      const date = joinPresent([v('Month'), v('Day'), v('Year')], '/');
      return date === '' ? undefined : date;
    }
    case 'likert': {
      const rows = Object.entries(values).map(
        ([statement, answer]) =>
          `<span style="font-weight:bold;">${escapeHtml(statement)}:</span> ${escapeHtml(likertLabel(ctx, answer))}`,
      );
      return rows.length === 0 ? undefined : block(rows);
    }
    case 'name': {
      const name = joinPresent([v('First'), v('Last')], ' ');
      return name === '' ? undefined : name;
    }
    case 'phone': {
      const number = joinPresent([v('Areacode'), v('Prefix'), v('Line')], '-');
      if (number === '') return undefined;
      return v('Country') === '' ? number : `+${v('Country')} ${number}`;
    }
    case 'time':
      return Object.keys(values).length === 0 ? undefined : escapeHtml(timeText(values));
    default:
      break;
  }
  const value = text(field['value']);
  return value === '' ? undefined : escapeHtml(value);
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
