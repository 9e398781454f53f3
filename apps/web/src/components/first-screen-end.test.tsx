// Decision 102: the server renders the build's stylesheet link where a page's first screen ends; the browser's first
// render has the same element (no hydration error), and a page the browser renders itself adds none.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstScreenEnd, provideFirstScreenStylesheet } from './first-screen-end';

const HREF = '/assets/index-t1.css';

function Page() {
  return (
    <main>
      <h1>First screen</h1>
      <FirstScreenEnd />
      <p>Further down</p>
    </main>
  );
}

afterEach(() => {
  provideFirstScreenStylesheet(null);
  document.body.innerHTML = '';
});

describe('FirstScreenEnd', () => {
  it('the server renders the stylesheet it was given; the browser hydrates that element as it is', async () => {
    provideFirstScreenStylesheet(HREF);
    const markup = renderToString(<Page />);
    provideFirstScreenStylesheet(null);
    expect(markup).toBe(
      `<main><h1>First screen</h1><link rel="stylesheet" href="${HREF}" crossorigin="" data-first-screen-end=""/>` +
        '<p>Further down</p></main>',
    );
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const link = container.querySelector('link');
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    // The server's node kept (not replaced): the browser does not ask for the stylesheet again.
    expect(container.querySelector('link')).toBe(link);
    expect(container.innerHTML).toBe(markup.replace('"/>', '">'));
  });

  it('a page the browser renders itself (no server markup) adds no link', () => {
    const { container } = render(<Page />);
    expect(container.querySelector('link')).toBeNull();
    expect(container).toHaveTextContent('First screenFurther down');
  });

  it('the server renders nothing when the build has no stylesheet (development)', () => {
    expect(renderToString(<FirstScreenEnd />)).toBe('');
  });
});
