import { Fragment, useMemo, type ReactNode } from 'react';
import { parseRichText, type RichNode } from '../../../../lib/richText';
import content from './content.module.css';
import classes from './conversation.module.css';

function render(nodes: RichNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'link':
        return (
          <a
            key={i}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            className={content.link}
          >
            {node.text}
          </a>
        );
      case 'mono':
        return (
          <code key={i} className={content.mono}>
            {node.text}
          </code>
        );
      case 'bold':
        return <strong key={i}>{render(node.children)}</strong>;
      case 'italic':
        return <em key={i}>{render(node.children)}</em>;
      case 'strike':
        return <s key={i}>{render(node.children)}</s>;
    }
  });
}

/** A message's text: line breaks kept, links clickable, WhatsApp's *bold* _italic_ ~strike~. */
export function RichText({ text }: { text: string }) {
  const nodes = useMemo(() => parseRichText(text), [text]);
  if (!text) return null;
  return (
    <p className={classes.body} data-testid="message-text">
      {render(nodes)}
    </p>
  );
}
