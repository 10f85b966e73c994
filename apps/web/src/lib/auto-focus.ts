// React focuses an element rendered with `autoFocus` as it is mounted. Preact only sets the
// attribute, which a browser acts on once per page load, so in this single-page shop the field
// of the second page opened would not get focus. This hook on Preact's elements does what React
// does (decision 126); main.tsx and the component tests load it.
import { options, type VNode } from "preact";

const focused = new WeakSet<HTMLElement>();
const nextHook = options.vnode;

options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown };
  if (typeof vnode.type === "string" && props.autoFocus) {
    const own = vnode.ref;
    vnode.ref = (element: HTMLElement | null) => {
      if (element && !focused.has(element)) {
        focused.add(element);
        element.focus();
      }
      if (typeof own === "function") own(element);
      else if (own) own.current = element;
    };
  }
  nextHook?.(vnode);
};
