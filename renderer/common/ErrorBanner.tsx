/** Shows a failure in words a clerk can act on; nothing is lost by dismissing it. */
export function ErrorBanner({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  if (error === null || error === undefined) return null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="banner" role="alert">
      <p>{message}</p>
      {onDismiss !== undefined && (
        <button type="button" className="link" onClick={onDismiss} aria-label="Dismiss this message">
          Dismiss
        </button>
      )}
    </div>
  );
}
