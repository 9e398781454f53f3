// The accessibility statement's texts (the `statement` area, defined in lib/ because the buyer's "Your data"
// page reads the same area): imported only by the statement's lazy modules.
export { STATEMENT } from '@/lib/statement-area';
