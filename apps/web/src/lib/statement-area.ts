// The texts of the accessibility statement (/accessibility, its report form) and of the buyer's "Your data"
// page (keys data…), in the page's language (issue 43; catalogues in packages/domain/src/i18n/<locale>/
// statement.json). Here in lib/ because two features read it (features do not import each other); imported only
// by those lazy pages, so the marketing pages (/, /pricing) stay free of the translation runtime.
import english from '@keyturn/domain/i18n/en/statement.json';
import { defineArea } from '@/lib/i18n';

export const STATEMENT = defineArea('statement', english);
