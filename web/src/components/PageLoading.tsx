/**
 * A spinner drawn like antd's Spin (four dots turning, the primary colour) in plain markup, for the
 * screens that show before antd has loaded: a lazily loaded page, the login page's captcha.
 */
export function Spinner({ size = 'default' }: { size?: 'small' | 'default' | 'large' }) {
  return (
    <span className={`psi-spin psi-spin--${size}`} aria-live="polite" aria-busy="true">
      <span className="psi-spin__dot" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </span>
  );
}

/** Shown while a lazily loaded page downloads. */
export function PageLoading() {
  return (
    <div className="psi-page-loading" data-testid="page-loading">
      <Spinner size="large" />
    </div>
  );
}
