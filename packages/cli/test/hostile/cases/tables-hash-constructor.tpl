{* hostile: cms_hash algo=constructor is an unknown algorithm *}
{* expect: INVALID_ATTRIBUTE *}
{cms_hash var=h algo="constructor" data="x"}[{$h}]