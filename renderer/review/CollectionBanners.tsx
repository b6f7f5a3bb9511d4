/**
 * Why a document is not checked against a collection, and where to go: none chosen yet,
 * or the one it was checked against is no longer open in this workspace.
 */
import type { ReviewDocument } from '../../shared/ipc/types.js';

export function CollectionBanners({ document, missing, onOpenCollections }: { document: ReviewDocument; missing: boolean; onOpenCollections: () => void }) {
  if (missing)
    return (
      <div className="banner" role="alert" data-testid="collection-missing">
        <p>
          Not checked: this document&apos;s collection ({document.settings.collectionPath}) is no longer open in this workspace. Open it again on the
          Collections screen, or choose another collection in Settings.
        </p>
        <button type="button" className="link" onClick={onOpenCollections}>
          Collections
        </button>
      </div>
    );
  if (document.settings.collectionPath === null)
    return (
      <div className="banner" role="alert">
        <p>Choose the collection this document must not link to (Settings tab), or create one first.</p>
        <button type="button" className="link" onClick={onOpenCollections}>
          Collections
        </button>
      </div>
    );
  return null;
}
