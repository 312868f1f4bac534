/**
 * Errors are values inside the SDK. Every api function resolves (never rejects) to an ApiResult.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

export interface ApiError {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The user-facing text (catalogued message or the server's own message). */
  readonly message: string;
  /** True when the server said the anti-forgery crumb was missing or stale. */
  readonly crumbFail?: boolean;
  /** Field id to message, when the server returned per-field errors (400 `data.errors`). */
  readonly fieldErrors?: Readonly<Record<string, string>>;
}

export type ApiResult<T> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: ApiError };
