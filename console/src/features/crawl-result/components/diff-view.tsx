/** A unified diff, line by line: added lines green, removed lines red, hunk headers muted. */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff
    .replace(/\n$/, '')
    .split('\n')
    // The file header says nothing the page does not show already.
    .filter((line) => !/^(=+|Index: |--- |\+\+\+ )/.test(line));
  return (
    <pre className="diff-view" tabIndex={0} aria-label="Diff">
      {lines.map((line, i) => (
        <span key={i} className={`diff-view__line diff-view__line--${kindOf(line)}`} data-kind={kindOf(line)}>
          {line || ' '}
        </span>
      ))}
    </pre>
  );
}

function kindOf(line: string): 'added' | 'removed' | 'hunk' | 'context' {
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  if (line.startsWith('@@') || line.startsWith('\\')) return 'hunk';
  return 'context';
}
