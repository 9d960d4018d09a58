import { Fragment, useMemo } from 'react';
import { parseRichText } from '../../../../lib/richText';
import { renderRich, type RichLeaves } from '../../../shared/renderRich';
import content from './content.module.css';
import classes from './conversation.module.css';

const LEAVES: RichLeaves = {
  text: (text, key) => <Fragment key={key}>{text}</Fragment>,
  link: (node, key) => (
    <a
      key={key}
      href={node.href}
      target="_blank"
      rel="noopener noreferrer"
      className={content.link}
    >
      {node.text}
    </a>
  ),
  mono: (text, key) => (
    <code key={key} className={content.mono}>
      {text}
    </code>
  ),
};

/** A message's text: line breaks kept, links clickable, WhatsApp's *bold* _italic_ ~strike~. */
export function RichText({ text }: { text: string }) {
  const nodes = useMemo(() => parseRichText(text), [text]);
  if (!text) return null;
  return (
    <p className={classes.body} data-testid="message-text">
      {renderRich(nodes, LEAVES)}
    </p>
  );
}
