// Decision 031: the page's title is set by <PageTitle> (Preact does not hoist <title> into <head>).
import { render } from '@testing-library/react';
import { createContext, use, useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { useId } from '@/lib/use-id';
import { PageTitle } from './page-title';

describe('PageTitle (decision 031)', () => {
  it('names the tab while shown, follows a change, and gives the previous title back when it goes', () => {
    document.title = 'Keyturn';
    const view = render(<PageTitle>Pricing · Keyturn</PageTitle>);
    expect(document.title).toBe('Pricing · Keyturn');
    view.rerender(<PageTitle>Book with Dana · Keyturn</PageTitle>);
    expect(document.title).toBe('Book with Dana · Keyturn');
    view.unmount();
    expect(document.title).toBe('Keyturn');
  });

  it('the last screen to name itself wins; when it goes, the one under it names the tab again', () => {
    document.title = 'Keyturn';
    const view = render(
      <>
        <PageTitle>Bookings · Keyturn</PageTitle>
      </>,
    );
    view.rerender(
      <>
        <PageTitle>Bookings · Keyturn</PageTitle>
        <PageTitle>Error · Keyturn</PageTitle>
      </>,
    );
    expect(document.title).toBe('Error · Keyturn');
    view.rerender(
      <>
        <PageTitle>Bookings · Keyturn</PageTitle>
      </>,
    );
    expect(document.title).toBe('Bookings · Keyturn');
  });
});

describe('ids and contexts on preact/compat (decision 031)', () => {
  it('useId never repeats an id between the page and a portal (a dialog is a render root of its own)', () => {
    function Labelled() {
      const id = useId();
      return <span data-testid="labelled" id={id} />;
    }
    function Page() {
      const [portal] = useState(() => document.createElement('div'));
      document.body.append(portal);
      return (
        <>
          <Labelled />
          {createPortal(<Labelled />, portal)}
        </>
      );
    }
    const view = render(<Page />);
    const ids = view.getAllByTestId('labelled').map((el) => el.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('use() reads a context as React 19 does (react-leaflet 5 reads its map so) and refuses a promise', () => {
    const Map = createContext('no map');
    function Reader() {
      return <p>{use(Map)}</p>;
    }
    const view = render(
      <Map.Provider value="the map">
        <Reader />
      </Map.Provider>,
    );
    expect(view.getByText('the map')).toBeInTheDocument();
    expect(() => use(Promise.resolve('x') as never)).toThrow(/reads a context/);
  });
});
