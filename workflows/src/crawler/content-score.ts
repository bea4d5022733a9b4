import { TAG_WEIGHT, classWeight } from './content-patterns.js';
import { children, linkDensity, measureTree, paragraphScore, type Stats } from './content-stats.js';

const ELEMENT = 1;

interface Candidate {
  el: Element;
  score: number;
}

export interface Scored {
  /** The best candidates, best first (at most five). */
  top: Candidate[];
  candidates: Map<Element, Candidate>;
  stats: Map<Element, Stats>;
}

/** Scores containers by the paragraphs they hold, as Readability does. */
export function scoreCandidates(root: Element): Scored {
  const candidates = new Map<Element, Candidate>();
  const stats = measureTree(root, (_block, ancestors, s) => {
    const score = paragraphScore(s);
    // The paragraph's container gets its whole score, the next one up half, then a third per level.
    for (let level = 0; level < 5; level++) {
      const ancestor = ancestors[ancestors.length - 1 - level];
      if (!ancestor) break;
      let candidate = candidates.get(ancestor);
      if (!candidate) {
        const base = (TAG_WEIGHT[ancestor.localName] ?? 0) + classWeight(ancestor);
        candidate = { el: ancestor, score: base };
        candidates.set(ancestor, candidate);
      }
      candidate.score += score / (level === 0 ? 1 : level === 1 ? 2 : level * 3);
      if (ancestor === root) break;
    }
  });
  for (const candidate of candidates.values()) candidate.score *= 1 - linkDensity(stats.get(candidate.el)!);
  const top = [...candidates.values()].sort((a, b) => b.score - a.score).slice(0, 5);
  return { top, candidates, stats };
}

/** Readability's refinements: a common ancestor of several close candidates, a better-scoring parent. */
export function refine(scored: Scored, root: Element): Element {
  const scoreOf = (el: Element): number | undefined => scored.candidates.get(el)?.score;
  const first = scored.top[0]!;
  let best = first.el;
  const close = scored.top.slice(1).filter((c) => c.score / first.score >= 0.75);
  if (close.length >= 2) {
    for (let parent = best.parentNode as Element | null; parent && parent !== root;) {
      let containing = 0;
      for (const c of close) if (parent.contains(c.el)) containing++;
      if (containing >= 2) {
        best = parent;
        break;
      }
      parent = parent.parentNode as Element | null;
    }
  }
  let lastScore = scoreOf(best) ?? first.score;
  const threshold = lastScore / 3;
  for (let parent = best.parentNode as Element | null; best !== root && parent;) {
    const score = scoreOf(parent);
    if (score !== undefined) {
      if (score < threshold) break;
      if (score > lastScore) {
        best = parent;
        break;
      }
      lastScore = score;
    }
    if (parent === root) break;
    parent = parent.parentNode as Element | null;
  }
  while (best !== root && best.parentNode && children(best.parentNode as Element).length === 1) {
    best = best.parentNode as Element;
  }
  return best;
}

/**
 * The chosen container with its siblings that look like more of the article (Readability's rule): a
 * well-scored sibling, or a paragraph-like sibling with little link text.
 */
export function withSiblings(best: Element, scored: Scored, doc: Document): Element {
  const parent = best.parentNode as Element | null;
  if (!parent || parent.nodeType !== ELEMENT) return best;
  const bestScore = scored.candidates.get(best)?.score ?? 0;
  const threshold = Math.max(10, bestScore * 0.2);
  const bestClass = best.getAttribute('class') ?? '';
  const bestStats = scored.stats.get(best)!;
  const bestText = bestStats.textScore * (1 - linkDensity(bestStats));
  const kept: Element[] = [];
  for (const sibling of children(parent)) {
    if (sibling === best) {
      kept.push(sibling);
      continue;
    }
    const bonus = bestClass && sibling.getAttribute('class') === bestClass ? bestScore * 0.2 : 0;
    const score = scored.candidates.get(sibling)?.score;
    if (score !== undefined && score + bonus >= threshold) {
      kept.push(sibling);
      continue;
    }
    const s = scored.stats.get(sibling);
    if (!s) continue;
    // A sibling holding paragraphs deeper down than scores reach: judged by all the prose it holds.
    if (s.textScore * (1 - linkDensity(s)) >= Math.max(10, bestText * 0.2)) {
      kept.push(sibling);
      continue;
    }
    if (s.hasBlock) continue;
    const density = linkDensity(s);
    if (s.chars > 80 && density < 0.25) kept.push(sibling);
    else if (s.chars > 0 && s.chars <= 80 && density === 0 && /\.( |$)/.test(sibling.textContent ?? '')) {
      kept.push(sibling);
    }
  }
  if (kept.length === 1) return best;
  const wrapper = doc.createElement('div');
  for (const el of kept) wrapper.appendChild(el);
  return wrapper;
}
