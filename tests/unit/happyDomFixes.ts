/**
 * Where happy-dom parts from browsers in ways DOMPurify (the device's sanitiser) relies on,
 * made to behave as browsers do. Run once per file with a DOM (tests/unit/setup.ts).
 */
export function fixHappyDom(): void {
  // happy-dom answers `nodeName` from each node class, and '' from Node.prototype's getter, which
  // DOMPurify reads (a browser has the one getter, on Node.prototype): it would drop every element
  // as unknown. The getter answers as the node's own class does.
  const nodeName = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')!;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- a getter, called below with its node
  const baseNodeName = nodeName.get!;
  Object.defineProperty(Node.prototype, 'nodeName', {
    ...nodeName,
    get(this: Node) {
      for (let proto = Object.getPrototypeOf(this) as object | null; proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
        // eslint-disable-next-line @typescript-eslint/unbound-method -- a getter, called with its node
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (own) return own.call(this) as string;
      }
      return baseNodeName.call(this) as string;
    },
  });

  // happy-dom's NodeIterator is a TreeWalker: once the node it stands on is removed, it stops,
  // where the standard's moves on from where that node was. DOMPurify removes the node it is
  // on, so it would leave the rest of the HTML unread. This one follows the standard for it.
  let documentClass = Object.getPrototypeOf(document) as Document;
  while (!Object.prototype.hasOwnProperty.call(documentClass, 'createNodeIterator')) documentClass = Object.getPrototypeOf(documentClass) as Document;
  documentClass.createNodeIterator = function createNodeIterator(root: Node, whatToShow = 0xffffffff) {
    const shown = (node: Node) => ((whatToShow >> (node.nodeType - 1)) & 1) === 1;
    const following = (node: Node): Node | null => {
      if (node.firstChild) return node.firstChild;
      for (let at: Node | null = node; at && at !== root; at = at.parentNode) if (at.nextSibling) return at.nextSibling;
      return null;
    };
    const preceding = (node: Node): Node | null => {
      if (!node.previousSibling) return node.parentNode;
      let at = node.previousSibling;
      while (at.lastChild) at = at.lastChild;
      return at;
    };
    let reference: Node | null = null;
    let before: Node | null = null;
    return {
      root,
      whatToShow,
      filter: null,
      nextNode() {
        let next: Node | null;
        if (!reference) next = root;
        else if (root.contains(reference)) next = following(reference);
        else next = before ? following(before) : null;
        while (next && !shown(next)) next = following(next);
        if (next) {
          reference = next;
          before = next === root ? null : preceding(next);
        }
        return next;
      },
    } as unknown as NodeIterator;
  };
}
