{* hostile: modifier calls count as steps *}
{* limits: {"maxSteps": 5000} *}
{* expect: LIMIT_STEPS *}
{section name=i loop=1000}{$smarty.section.i.index|strlen|strlen|strlen|strlen|strlen|strlen|strlen|strlen}{/section}