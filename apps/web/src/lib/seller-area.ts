// The seller's pages (the approval link's page, the live report) in the page's language (issue 43; catalogues in
// packages/domain/src/i18n/<locale>/seller.json).
import english from '@keyturn/domain/i18n/en/seller.json';
import { defineArea, type Translate } from '@/lib/i18n';

export const SELLER = defineArea('seller', english);
export type SellerT = Translate<keyof typeof english & string>;
