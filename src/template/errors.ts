import type { TemplateError, TemplateErrorType } from './plugins/api';

/** Where an instruction starts in its source, for error messages. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Expression sources in messages are cut: a hostile one can be megabytes long. */
const clip = (text: string): string => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

const at = (type: TemplateErrorType, message: string, pos?: Position): TemplateError =>
  pos ? { type, message, line: pos.line, column: pos.column } : { type, message };

/** The catalogue of spec 001 §8: every template error is built here so the wording stays in one place. */
export const errors = {
  unknownFormatter: (name: string, pos?: Position) =>
    at('unknown-formatter', `Formatter '${name}' is unknown`, pos),
  unknownPredicate: (name: string, pos?: Position) =>
    at('unknown-predicate', `Predicate '${name}' is unknown`, pos),
  unknownInstruction: (name: string, pos?: Position) => at('syntax', `Instruction '${name}' is unknown`, pos),
  neverExecutes: (what: string, pos?: Position) =>
    at('assembly', `This ${what} block will never execute`, pos),
  endOfInputInBlock: (what: string, pos?: Position) =>
    at('assembly', `Reached end of input in the middle of ${what}`, pos),
  notAllowedInBlock: (what: string, parent: string, pos?: Position) =>
    at('assembly', `Instruction ${what} is not allowed inside ${parent} block`, pos),
  notAllowedAtRoot: (what: string, pos?: Position) =>
    at('assembly', `Instruction ${what} is not allowed at root`, pos),
  unclosed: (what: string, pos?: Position) => at('assembly', `Unclosed ${what} block`, pos),
  nestingTooDeep: (limit: number, pos?: Position) =>
    at('assembly', `Blocks nested deeper than ${limit}`, pos),
  partialNotFound: (name: string) => at('partial', `Partial or macro '${name}' not found`),
  partialParseFailure: (name: string, message: string) =>
    at('partial', `Partial '${name}' failed to parse: ${message}`),
  partialRecursion: (name: string, limit: number) =>
    at('recursion', `Partial '${name}' recursion deeper than ${limit}`),
  unexpected: (instruction: string, message: string) =>
    at('runtime', `Unexpected error running ${instruction}: ${message}`),
  expressionSyntax: (expr: string, message: string) =>
    at('expression', `Error parsing expression "${clip(expr)}": ${message}`),
  expressionEvaluation: (expr: string, message: string) =>
    at('expression', `Error evaluating expression "${clip(expr)}": ${message}`),
  notImplemented: (name: string) => at('engine', `The ${name} formatter is not yet implemented`),
  tooManyErrors: (limit: number) => at('syntax', `More than ${limit} errors; the rest are not reported`),
  julianDayOutOfRange: (day: number) =>
    at('runtime', `Julian day ${day} is outside the supported range (roughly 4713 BC to 8652 AD)`),
  limit: (what: string, limit: number) =>
    at('runtime', `Render stopped: ${what} exceeded the limit of ${limit}`),
} as const;

/** Collects errors up to a limit, then notes once that the rest were dropped. */
export class ErrorSink {
  readonly list: TemplateError[] = [];
  constructor(private readonly limit: number) {}
  push(e: TemplateError): void {
    if (this.list.length < this.limit) this.list.push(e);
    else if (this.list.length === this.limit) this.list.push(errors.tooManyErrors(this.limit));
  }
}
