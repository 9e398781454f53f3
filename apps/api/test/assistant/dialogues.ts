// Issue 31: multi-turn dialogues whose outcome depends on earlier turns, each with the conversation state it must
// reach. Today: Friday 2030-02-01, 14:00 in New York. The agent's homes: HARBOR (12 Harbor View Rd, 3 bed),
// ELM (77 Elm Street, 2-bed condo), BIRCH (9 Birch Court, 4-bed townhouse).
import { AFTERNOON, around, EVENING, FIRST, LUNCH, MORNING, NEXT_WEEK_FRI } from './corpus-buyers';

export type Home = 'harbor' | 'elm' | 'birch';
export type DialogueExpect = {
  home?: Home | null;
  purpose?: string | null;
  dates?: string[] | null;
  window?: { from: string; to: string; near?: string } | null;
  time?: string | null;
  excluded?: number[];
  asking?: string | null;
  language?: 'en' | 'es';
  misses?: number;
};
export type Dialogue = { turns: string[]; expect: DialogueExpect };

const NEXT_WEEK = NEXT_WEEK_FRI;
const DETAILS = ['elm monday at 10', 'option 1', 'Casey Buyer', 'casey@example.com'];

export const DIALOGUES: Dialogue[] = [
  {
    turns: ['tuesday morning', 'the elm one'],
    expect: { home: 'elm', dates: ['2030-02-05'], window: MORNING, asking: 'slot' },
  },
  {
    turns: ['77 elm street', 'monday at 10'],
    expect: { home: 'elm', dates: ['2030-02-04'], time: '10:00', asking: 'slot' },
  },
  { turns: ['the condo', 'actually make it wednesday'], expect: { home: 'elm', dates: ['2030-02-06'] } },
  {
    turns: ['elm street tuesday morning', 'actually wednesday'],
    expect: { home: 'elm', dates: ['2030-02-06'], window: MORNING },
  },
  {
    turns: ['elm street tuesday morning', 'afternoon instead'],
    expect: { home: 'elm', dates: ['2030-02-05'], window: AFTERNOON },
  },
  {
    turns: ['harbor view monday', 'around 2'],
    expect: { home: 'harbor', dates: ['2030-02-04'], window: around(14) },
  },
  {
    turns: ['a consultation', 'thursday after 3'],
    expect: {
      home: null,
      purpose: 'custom',
      dates: ['2030-02-07'],
      window: { from: '15:00', to: '24:00' },
      asking: 'slot',
    },
  },
  {
    turns: ['valuation of my home please', 'next week, mornings'],
    expect: { home: null, purpose: 'property_valuation', dates: NEXT_WEEK, window: MORNING },
  },
  {
    turns: ['purple monkey', 'harbor view saturday'],
    expect: { home: 'harbor', dates: ['2030-02-02'], misses: 0 },
  },
  {
    turns: ['hola', 'quiero ver el piso el martes por la tarde'],
    expect: { home: 'elm', dates: ['2030-02-05'], window: AFTERNOON, language: 'es' },
  },
  {
    turns: ['el lunes por la mañana', 'el de elm'],
    expect: { home: 'elm', dates: ['2030-02-04'], window: MORNING, language: 'es' },
  },
  {
    turns: ['Ich möchte besichtigen', 'elm street monday'],
    expect: { home: 'elm', dates: ['2030-02-04'], language: 'en' },
  },
  {
    turns: ['the birch one', 'tomorrow or monday', 'after work'],
    expect: { home: 'birch', dates: ['2030-02-02', '2030-02-04'], window: EVENING },
  },
  {
    turns: ['friday around 2', 'birch court'],
    expect: { home: 'birch', dates: ['2030-02-01'], window: around(14), asking: 'slot' },
  },
  { turns: ['end of the week', 'harbor'], expect: { home: 'harbor', dates: ['2030-02-01', '2030-02-02'] } },
  { turns: ['in two weeks', 'the 4 bed'], expect: { home: 'birch', dates: ['2030-02-15'] } },
  { turns: ['the 3rd', 'elm'], expect: { home: 'elm', dates: ['2030-02-03'] } },
  { turns: ['elm monday at 10', 'option 1'], expect: { home: 'elm', asking: 'name' } },
  { turns: ['elm monday at 10', 'option 1', 'Casey Buyer'], expect: { asking: 'email' } },
  { turns: DETAILS, expect: { asking: 'phone' } },
  { turns: [...DETAILS, 'call me maybe'], expect: { asking: 'phone', misses: 1 } },
  { turns: [...DETAILS, '646 555 0199'], expect: { asking: 'buyerType' } },
  { turns: [...DETAILS, '646 555 0199', 'investor'], expect: { asking: 'confirm' } },
  { turns: [...DETAILS, '646 555 0199', 'investor', 'no'], expect: { asking: 'slot', home: 'elm' } },
  {
    turns: ['elm monday at 10', 'no wait, tuesday at 11'],
    expect: { home: 'elm', dates: ['2030-02-05'], time: '11:00' },
  },
  {
    turns: ['a viewing', 'harbor view', 'wednesday lunchtime'],
    expect: { home: 'harbor', dates: ['2030-02-06'], window: LUNCH },
  },
  {
    turns: ['hi', 'i want to see the townhouse', 'thursday first thing'],
    expect: { home: 'birch', dates: ['2030-02-07'], window: FIRST },
  },
  { turns: ['next week not monday', 'elm'], expect: { home: 'elm', dates: NEXT_WEEK, excluded: [1] } },
  {
    turns: ['any afternoon except friday', 'harbor view'],
    expect: { home: 'harbor', dates: null, window: AFTERNOON, excluded: [5] },
  },
  { turns: ['tmrw arvo', 'the condo'], expect: { home: 'elm', dates: ['2030-02-02'], window: AFTERNOON } },
  { turns: ['saturday', 'sunday then', 'elm'], expect: { home: 'elm', dates: ['2030-02-03'] } },
  {
    turns: ['12 harbor view rd', 'is there anything on tuesday?'],
    expect: { home: 'harbor', dates: ['2030-02-05'] },
  },
  {
    turns: ['el martes a eso de las 2', 'la casa de harbor view'],
    expect: { home: 'harbor', dates: ['2030-02-05'], window: around(14), language: 'es' },
  },
  {
    turns: ['necesito una tasación', 'el jueves por la mañana'],
    expect: { purpose: 'property_valuation', dates: ['2030-02-07'], window: MORNING, language: 'es' },
  },
  {
    turns: ['una consulta el lunes', 'mejor el martes'],
    expect: { purpose: 'custom', dates: ['2030-02-05'], language: 'es' },
  },
  {
    turns: ['quiero ver el adosado', 'mañana a las 11'],
    expect: { home: 'birch', dates: ['2030-02-02'], time: '11:00', language: 'es' },
  },
  { turns: ['blorp', 'blorp'], expect: { misses: 2 } },
  { turns: ['blorp', 'elm tuesday'], expect: { home: 'elm', dates: ['2030-02-05'], misses: 0 } },
  {
    turns: ['consultation', 'monday or tuesday after work'],
    expect: { purpose: 'custom', dates: ['2030-02-04', '2030-02-05'], window: EVENING },
  },
  {
    turns: ['the birch court townhouse', 'around noon on wednesday'],
    expect: { home: 'birch', dates: ['2030-02-06'], window: around(12) },
  },
  {
    turns: ['monday morning', 'harbor', 'actually the elm one'],
    expect: { home: 'elm', dates: ['2030-02-04'], window: MORNING },
  },
  {
    turns: ['the 2 bed', 'tuesday around 3', 'make it 4 instead'],
    expect: { home: 'elm', dates: ['2030-02-05'], time: '16:00' },
  },
];
