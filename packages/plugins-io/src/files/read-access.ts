/**
 * Who may read a file attached to content or to a member: read_file's rule for /files/topics/ and
 * /files/member/ (the user and ltd areas are open to it, and `ignore_permission` skips this rule).
 *
 * - `/files/topics/<topics_id>/…`: readable when that content is open to the reader (its open flag,
 *   its publication period, its group visibility). The content store answers through the optional
 *   `isTopicOpen`; a store without it cannot tell, and the file is readable. A file that is not in a
 *   content's folder (the first folder is not a topics_id) is refused when the store can answer.
 * - `/files/member/<member_id>/…`: readable by that member when logged in
 *   (`ctx.services.session.memberId`). Other readers (another member, or nobody logged in, as in a
 *   batch) only when the content store's optional `isMemberVisible` says so; without it, never.
 *
 * Both questions are optional members of the store, so a store (the JSON fixtures, a database) that
 * knows open status and visibility adds them and the plugin does not change.
 */
import type { RenderContext } from '@sumi/runtime';
import { failure } from '../failure';
import type { SitePath } from '../paths';
import type { Site } from '../site';

/** what read_file may ask the content store; both optional */
export interface AttachmentAccess {
  /** content `topicsId` exists and is open to `memberId` (null: nobody logged in) */
  isTopicOpen?(topicsId: number, memberId: number | null): boolean | Promise<boolean>;
  /** the files of member `ownerId` may be read by `memberId` (null: nobody logged in) */
  isMemberVisible?(ownerId: number, memberId: number | null): boolean | Promise<boolean>;
}

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
  const access = site.content as AttachmentAccess;
  const first = p.sub.split('/')[0] ?? '';
  const id = ID.test(first) ? Number(first) : null;
  const viewer = ctx.services.session?.memberId ?? null;
  const quoted = JSON.stringify(p.display);
  if (p.area === 'topics') {
    if (typeof access.isTopicOpen !== 'function') return;
    if (id === null) {
      throw failure(
        'IO_PERMISSION_DENIED',
        `${quoted} is not in a content's folder (/files/topics/<topics_id>/); read it with ignore_permission=1`,
      );
    }
    if (!(await access.isTopicOpen(id, viewer))) {
      throw failure(
        'IO_PERMISSION_DENIED',
        `${quoted} is attached to content ${id}, which is not open to this reader; read it with ignore_permission=1`,
      );
    }
    return;
  }
  if (id !== null && viewer !== null && id === viewer) return;
  if (
    id !== null &&
    typeof access.isMemberVisible === 'function' &&
    (await access.isMemberVisible(id, viewer))
  )
    return;
  throw failure(
    'IO_PERMISSION_DENIED',
    id === null
      ? `${quoted} is not in a member's folder (/files/member/<member_id>/); read it with ignore_permission=1`
      : `${quoted} belongs to member ${id}, ${viewer === null ? 'and nobody is logged in' : `not to the logged-in member ${viewer}`}; read it with ignore_permission=1`,
  );
}
