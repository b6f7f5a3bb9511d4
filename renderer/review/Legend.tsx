/** What the colours of the highlighted text mean (block-drawing.ts chooses them, TextChunk.tsx draws them; the newly planned words are painted over them, painted-spans.ts). */
export function Legend({ showPlan, newlyPlanned = false }: { showPlan: boolean; newlyPlanned?: boolean }) {
  return (
    <div className="legend small" data-testid="legend" aria-label="What the highlights mean">
      <span>
        <mark className="single df-1">rare phrase</mark> found in fewer than k documents (darker: fewer)
      </span>
      <span>
        <mark className="combo">combination member</mark> with other phrases, found together in fewer than k documents
      </span>
      {showPlan && (
        <span>
          <mark className="planned">planned word</mark> changing it breaks linkages
        </span>
      )}
      {newlyPlanned && (
        <span>
          <span className="newly-planned-sample">newly planned</span> since the kept words changed
        </span>
      )}
      <span>
        <del>previewed</del>
        <ins className="preview">suggestion</ins>
      </span>
    </div>
  );
}
