import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@/test/utils';
import { describe, expect, it } from 'vitest';
import { QuickActions, SidebarNav } from './sidebar';

function renderNavAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarNav />
      <QuickActions />
    </MemoryRouter>,
  );
}

function activeEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  return Array.from(nav.querySelectorAll('[aria-current="page"]')).map((el) => el.textContent ?? '');
}

describe('dashboard sidebar (spec §2.2)', () => {
  it('lists the seven entries (and issue 45’s Find homes) in order with their paths', () => {
    renderNavAt('/dashboard');
    const links = screen.getAllByRole('link').slice(0, 8);
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Properties', '/dashboard/properties'],
      ['Bookings', '/dashboard/bookings'],
      ['Find homes', '/dashboard/network'],
      ['Reports', '/dashboard/reports'],
      ['Feedback', '/dashboard/feedback'],
      ['Subscription', '/dashboard/subscription'],
      ['Settings', '/dashboard/settings'],
    ]);
  });

  it('lists the audit log (issue 46) only when asked, before Server settings', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/dashboard/audit-log']}>
        <SidebarNav audit admin />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')]);
    expect(links.slice(-2)).toEqual([
      ['Audit log', '/dashboard/audit-log'],
      ['Server settings', '/dashboard/server-settings'],
    ]);
    expect(activeEntries()).toEqual(['Audit log']);
    unmount();
    renderNavAt('/dashboard');
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });

  it("lists Server settings last for the server's administrator only", () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/dashboard/server-settings']}>
        <SidebarNav admin />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect([links.at(-1)?.textContent, links.at(-1)?.getAttribute('href')]).toEqual([
      'Server settings',
      '/dashboard/server-settings',
    ]);
    expect(activeEntries()).toEqual(['Server settings']);
    unmount();
    renderNavAt('/dashboard');
    expect(screen.queryByRole('link', { name: 'Server settings' })).toBeNull();
  });

  it('marks Dashboard active on the exact path only', () => {
    renderNavAt('/dashboard');
    expect(activeEntries()).toEqual(['Dashboard']);
  });

  it('does not mark Dashboard active on a nested page; the nested entry is active', () => {
    renderNavAt('/dashboard/properties');
    expect(activeEntries()).toEqual(['Properties']);
  });

  it('marks an entry active on its path prefix', () => {
    renderNavAt('/dashboard/properties/42/edit');
    expect(activeEntries()).toEqual(['Properties']);
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('offers the three quick actions', () => {
    renderNavAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Schedule Viewing' })).toHaveAttribute(
      'href',
      '/dashboard/bookings',
    );
    expect(screen.getByRole('link', { name: 'Add Property' })).toHaveAttribute(
      'href',
      '/dashboard/properties',
    );
    expect(screen.getByRole('link', { name: 'View Reports' })).toHaveAttribute('href', '/dashboard/reports');
  });
});
