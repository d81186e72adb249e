import { icon } from './icon';

export const Menu = /* @__PURE__ */ icon('menu', [
  ['path', { d: 'M4 5h16' }],
  ['path', { d: 'M4 12h16' }],
  ['path', { d: 'M4 19h16' }],
]);
