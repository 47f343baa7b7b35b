/**
 * Rejects physical left/right Tailwind classes in the web app. Arabic is laid out right to left
 * and English left to right from one stylesheet, so only logical classes are allowed:
 * ms-/me-/ps-/pe-/start-/end-/text-start/text-end/rounded-s-/border-s-… (docs/architecture.md, the web app).
 */
const PHYSICAL =
  /(?:^|[\s"'`:])(-?(?:ml|mr|pl|pr|left|right|inset-l|inset-r|scroll-ml|scroll-mr|scroll-pl|scroll-pr)-[\w[.\]/-]+|text-(?:left|right)\b|rounded-(?:l|r|tl|tr|bl|br)(?:-[\w[\]]+)?\b|border-(?:l|r)(?:-[\w[\]]+)?\b|float-(?:left|right)\b|clear-(?:left|right)\b)/g;

const LOGICAL = {
  ml: 'ms',
  mr: 'me',
  pl: 'ps',
  pr: 'pe',
  left: 'start',
  right: 'end',
};

function check(context, node, text) {
  for (const match of text.matchAll(PHYSICAL)) {
    const found = match[1];
    const prefix = found.replace(/^-/, '').split('-')[0];
    const hint = LOGICAL[prefix]
      ? ` (use ${LOGICAL[prefix]}-…)`
      : ' (use the logical form: -s/-e, start/end)';
    context.report({
      node,
      message: `Physical direction class "${found}" breaks right-to-left layouts${hint}.`,
    });
  }
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'only logical (RTL-safe) Tailwind classes' },
    schema: [],
  },
  create(context) {
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(context, node, node.value);
      },
      TemplateElement(node) {
        check(context, node, node.value.raw);
      },
    };
  },
};
