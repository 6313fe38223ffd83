/** Every toolset, in table order: a leaf module, so reading the configuration loads no tool schema. */
export const TOOLSETS = [
  'analytics',
  'groups',
  'members',
  'assignments',
  'explore',
  'learning',
  'performance',
  'courses',
  'radar',
  'components',
  'presentations',
  'materials',
  'folders',
] as const;

export type Toolset = (typeof TOOLSETS)[number];
