/**
 * Platform texts (spec 001 §5, §8, §9): template texts, relative times, the shared user messages
 * and validation messages of the site tooling.
 */
import { FORM_MESSAGES } from './form.js';
import { TEMPLATE_TEXTS } from './template-texts.js';
import { TIMEZONE_LOAD_FAILED } from './time-zone-text.js';

export const PLATFORM_MESSAGES = {
  // Template texts (spec 001 §5)
  commentsNone: 'No Comments',
  commentsOne: '1 Comment',
  commentsMany: '{count} Comments',
  invalidDate: TEMPLATE_TEXTS.invalidDate,

  // Relative times (spec 001 §9 names the units and "about a year ago"; the rest follows it)
  relativeLessThanMinute: 'less than a minute ago',
  relativeMinute: 'about a minute ago',
  relativeHour: 'about an hour ago',
  relativeDay: 'about a day ago',
  relativeWeek: 'about a week ago',
  relativeMonth: 'about a month ago',
  relativeYear: 'about a year ago',
  relativeMinutes: 'about {count} minutes ago',
  relativeHours: 'about {count} hours ago',
  relativeDays: 'about {count} days ago',
  relativeWeeks: 'about {count} weeks ago',
  relativeMonths: 'about {count} months ago',
  relativeYears: 'about {count} years ago',

  // Shared user messages (spec 001 §8)
  somethingWentWrong: 'Something went wrong',
  unableToLoadTryAgain: 'Unable to load. Try again.',
  unableToLoadResults: 'Unable to load results',
  networkError: 'Network error',
  fileUploadIncomplete: 'File upload failed to complete',
  fileProcessingIncomplete: 'File processing failed to complete',
  fileRenameProblem: 'There was a problem while renaming your file.',
  fileUploadProblem: 'There was a problem while uploading your file.',
  unableToConnect: 'Unable to connect. Please try again',
  timezoneLoadFailed: TIMEZONE_LOAD_FAILED,
  /** Ours: the spec describes this message without quoting it. */
  videoBasicAccountUnsupported:
    '{provider} basic accounts are not supported. Please share a video from another {provider} account.',
  codeEditingAndroid: 'Code editing is not available on Android.',
  fontsLoadFailed: 'Unable to load fonts',
  collectionsLoadFailed: 'Unable to load collections',

  // Validation messages (spec 001 §8)
  enterValidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as {email}',
  linkFormat: FORM_MESSAGES.linkFormat,
  invalidPageUrl: '{val} is not a valid page URL',
  unexpectedOption: '{val} is not one of the expected options',
  tagExists: 'This {tagType} already exists',
  editOneTag: 'You may only edit one {tagType} at a time',
  listRequired: 'A List must be selected',
  fileNameRequired: 'Please enter a file name',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  enterSomeData: 'Enter some data!',
  rowsMissingData: 'One or more rows was missing data',
  fileTooLarge: 'The file {fileName} is too large. The maximum allowed file size is {maxSize}.',
  fileTypeUnsupported: 'The file {fileName} does not appear to be a supported {fileTypeMessage}file.',
} as const;
