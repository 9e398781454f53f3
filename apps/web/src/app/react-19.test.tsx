// Decision 036: what the app relies on React 19 itself for, since the Preact workarounds of decision 031 went —
// a <title> rendered in a screen names the tab from <head>, useId is unique across a portal, use() reads a context.
import { render } from '@testing-library/react';
import { createContext, use, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';

describe('<title> in a screen (React 19 puts it in <head>)', () => {
  it('names the tab while shown, follows a change, and goes with its screen', () => {
    const view = render(<title>Pricing · Keyturn</title>);
    expect(document.title).toBe('Pricing · Keyturn');
    expect(document.head.querySelector('title')).toHaveTextContent('Pricing · Keyturn');
    expect(view.container.querySelector('title')).toBeNull();
    view.rerender(<title>Book with Dana · Keyturn</title>);
    expect(document.title).toBe('Book with Dana · Keyturn');
    view.unmount();
    expect(document.head.querySelectorAll('title')).toHaveLength(0);
  });

  it('the last screen to name itself wins; when it goes, the one under it names the tab again', () => {
    const view = render(
      <>
        <title>Bookings · Keyturn</title>
      </>,
    );
    view.rerender(
      <>
        <title>Bookings · Keyturn</title>
        <title>Error · Keyturn</title>
      </>,
    );
    expect(document.title).toBe('Error · Keyturn');
    view.rerender(
      <>
        <title>Bookings · Keyturn</title>
      </>,
    );
    expect(document.title).toBe('Bookings · Keyturn');
  });
});

describe('ids and contexts (React 19)', () => {
  it('useId never repeats an id between the page and a portal (a dialog renders in a portal)', () => {
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

  it('use() reads a context (react-leaflet 5 reads its map so)', () => {
    const Map = createContext('no map');
    function Reader() {
      return <p>{use(Map)}</p>;
    }
    const view = render(
      <Map value="the map">
        <Reader />
      </Map>,
    );
    expect(view.getByText('the map')).toBeInTheDocument();
  });
});
