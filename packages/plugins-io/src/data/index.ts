import type { BlockPluginDef, FunctionPluginDef } from '@sumi/runtime';
import { assignCsvTable } from './assign-csv-table';
import { assignFavoriteCnt } from './assign-favorite-cnt';
import { assignGroupNm } from './assign-group-nm';
import { assignMemberDetail } from './assign-member-detail';
import { assignMyFavoriteCnt } from './assign-my-favorite-cnt';
import { assignNewCommentList } from './assign-new-comment-list';
import { assignRelationTagList } from './assign-relation-tag-list';
import { assignTagCategoryList } from './assign-tag-category-list';
import { assignTagList } from './assign-tag-list';
import { assignTopicsCategoryList } from './assign-topics-category-list';
import { assignTopicsDetail } from './assign-topics-detail';
import { updateCounter } from './update-counter';

/** the data plugins (group 'Data retrieval'), one file each, on the site's content store */
export const dataPlugins: readonly (FunctionPluginDef | BlockPluginDef)[] = [
  assignCsvTable,
  assignFavoriteCnt,
  assignMyFavoriteCnt,
  assignGroupNm,
  assignMemberDetail,
  assignNewCommentList,
  assignRelationTagList,
  assignTagCategoryList,
  assignTagList,
  assignTopicsCategoryList,
  assignTopicsDetail,
  updateCounter,
];
