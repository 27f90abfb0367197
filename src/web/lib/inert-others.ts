import { useCallback, type Ref } from 'react';

/** How many open layers made each element inert (a dialog opened from a dialog marks the first one too). */
const inertCounts = new WeakMap<Element, number>();

/**
 * Makes everything outside `target` inert (not focusable, not clickable, hidden from assistive technology)
 * until the returned function is called: what a modal layer means. Radix only sets aria-hidden on the rest of
 * the page, which leaves its links and buttons focusable (axe's aria-hidden-focus). Live regions stay as they
 * are, like Radix's own aria-hidden pass leaves them.
 */
export function inertOthers(target: Element): () => void {
  const marked: Element[] = [];
  for (let node: Element | null = target; node?.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('aria-live') || ['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK'].includes(sibling.tagName)) continue;
      const count = inertCounts.get(sibling) ?? 0;
      // Inert for another reason: not ours to undo.
      if (count === 0 && sibling.hasAttribute('inert')) continue;
      inertCounts.set(sibling, count + 1);
      sibling.setAttribute('inert', '');
      marked.push(sibling);
    }
  }
  return () => {
    for (const element of marked) {
      const count = (inertCounts.get(element) ?? 1) - 1;
      inertCounts.set(element, count);
      if (count <= 0) element.removeAttribute('inert');
    }
  };
}

/** Sets a ref of any kind (callback or object) to the element. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A callback ref for a modal layer's content (Radix Dialog or DropdownMenu content): while it is mounted, the
 * rest of the page is inert. Forwards the element to `ref` as well.
 */
export function useInertOthersRef<T extends Element>(ref?: Ref<T>): (element: T | null) => () => void {
  return useCallback(
    (element: T | null) => {
      setRef(ref, element);
      const restore = element ? inertOthers(element) : undefined;
      return () => {
        restore?.();
        setRef(ref, null);
      };
    },
    [ref],
  );
}
