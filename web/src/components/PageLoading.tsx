import Spin from 'antd/es/spin';

/** Shown while a lazily loaded page downloads. */
export function PageLoading() {
  return (
    <div className="psi-page-loading" data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}
