/**
 * Who may read a file attached to content or to a member: read_file's rule for /files/topics/ and
 * /files/member/ (the user and ltd areas are open to it, and `ignore_permission` skips this rule).
 *
 * - `/files/topics/<topics_id>/…`: readable when that content is open to the reader now (its open
 *   flag, its publication period, its group visibility), as the content store's `isTopicOpen` says.
 *   A file that is not in a content's folder (the first folder is not a topics_id) is refused.
 * - `/files/member/<member_id>/…`: readable by that member when logged in
 *   (`ctx.services.session.memberId`); other readers (another member, or nobody, as in a batch) only
 *   when the store's `isMemberVisible` says so (`open_by_group`'s rule).
 */
import type { RenderContext } from '@sumi/runtime';
import { failure } from '../failure';
import type { SitePath } from '../paths';
import type { Site } from '../site';

const ID = /^[1-9][0-9]{0,15}$/;

/**
 * Throws IO_PERMISSION_DENIED when `ctx` may not read `p` (see above). Files of the user and ltd
 * areas, and any file with `ignorePermission`, pass.
 */
export async function checkAttachmentAccess(
  site: Site,
  p: SitePath,
  ctx: RenderContext,
  ignorePermission: boolean,
): Promise<void> {
  if (ignorePermission || (p.area !== 'topics' && p.area !== 'member')) return;
  const store = site.content;
  const first = p.sub.split('/')[0] ?? '';
  const id = ID.test(first) ? Number(first) : null;
  const viewer = ctx.services.session?.memberId ?? null;
  const quoted = JSON.stringify(p.display);
  if (p.area === 'topics') {
    if (id === null) {
      throw failure(
        'IO_PERMISSION_DENIED',
        `${quoted} is not in a content's folder (/files/topics/<topics_id>/); read it with ignore_permission=1`,
      );
    }
    // open now, by the render's clock (a test or a replayed batch pins it)
    if (!(await store.isTopicOpen(id, viewer, ctx.services.clock.now()))) {
      throw failure(
        'IO_PERMISSION_DENIED',
        `${quoted} is attached to content ${id}, which is not open to this reader; read it with ignore_permission=1`,
      );
    }
    return;
  }
  if (id !== null && viewer !== null && id === viewer) return;
  if (id !== null && (await store.isMemberVisible(id, viewer))) return;
  throw failure(
    'IO_PERMISSION_DENIED',
    id === null
      ? `${quoted} is not in a member's folder (/files/member/<member_id>/); read it with ignore_permission=1`
      : `${quoted} belongs to member ${id}, ${viewer === null ? 'and nobody is logged in' : `not to the logged-in member ${viewer}`}; read it with ignore_permission=1`,
  );
}
