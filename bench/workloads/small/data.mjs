/** Small page: the per-request overhead case, ~437 bytes of HTML out. */
export const meta = {
  title: 'small page: ~437 B of HTML',
};

export function createData() {
  return {
    lang: 'ja',
    title: 'News & Events',
    site: 'Sumi <Demo>',
    user: { name: 'Mai Ito', unread: 3 },
    nav: [
      { url: '/', label: 'Home' },
      { url: '/news/', label: 'News' },
      { url: '/events/', label: 'Events' },
      { url: '/contact/', label: 'Contact' },
    ],
    body: 'Open 10:00-18:00, closed on Mondays.',
    year: 2026,
  };
}
