// Texts every buyer- and seller-facing page shares (the footer, the language switcher, loading), in the page's
// language (lib/i18n.tsx; catalogues in packages/domain/src/i18n/<locale>/common.json).
import english from '@keyturn/domain/i18n/en/common.json';
import { defineArea } from '@/lib/i18n';

export const COMMON = defineArea('common', english);
