import type { ReactNode } from 'react';
import type { RichNode } from '../../lib/richText';

/** How the leaves of WhatsApp-formatted text are drawn; bold, italic and strike nest them. */
export interface RichLeaves {
  text: (text: string, key: number) => ReactNode;
  link: (node: { href: string; text: string }, key: number) => ReactNode;
  mono: (text: string, key: number) => ReactNode;
}

/** Parsed `*bold* _italic_ ~strike~` text as React nodes, leaves drawn by the caller. */
export function renderRich(nodes: RichNode[], leaves: RichLeaves): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return leaves.text(node.text, i);
      case 'link':
        return leaves.link(node, i);
      case 'mono':
        return leaves.mono(node.text, i);
      case 'bold':
        return <strong key={i}>{renderRich(node.children, leaves)}</strong>;
      case 'italic':
        return <em key={i}>{renderRich(node.children, leaves)}</em>;
      case 'strike':
        return <s key={i}>{renderRich(node.children, leaves)}</s>;
    }
  });
}
