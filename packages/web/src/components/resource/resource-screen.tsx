import type { ResourceDef } from '@fleet/shared/resources/define.ts';
import { useNavigate } from 'react-router';
import type { Row } from '../../api/resources.ts';
import type { PageModule } from '../../routing/screen.ts';
import type { ResourcePageProps } from './ResourcePage.tsx';

export interface ResourceListOptions extends Omit<ResourcePageProps, 'def' | 'onDetail'> {
  /** where a row's Detail button leads */
  detail?: (row: Row) => string;
  /** the client check of spec 001 §5: every required field of the form left blank gets its definition's message */
  checkRequired?: true;
}

/** A page generated from a resource definition, with the definition it lists (for the registry's checks). */
export type ResourceListPage = (() => Promise<PageModule>) & { definition: () => Promise<ResourceDef> };

/**
 * A master list that is a ResourcePage over its definition and nothing more: the page of a screen entry,
 * without a page file. The definition and the list are loaded on the first visit, like any page.
 */
export function resourceList(definition: () => Promise<ResourceDef>, options: ResourceListOptions = {}) {
  const page = async (): Promise<PageModule> => {
    const [{ ResourcePage }, { requiredCheck }, def] = await Promise.all([
      import('./ResourcePage.tsx'),
      import('./form-checks.ts'),
      definition(),
    ]);
    const { detail, checkRequired, ...props } = options;
    const form = checkRequired ? { ...props.form, validate: requiredCheck(def) } : props.form;
    // biome-ignore lint/correctness/noComponentHookFactories: made once per screen (the router keeps what a route's lazy() returns)
    function ResourceList() {
      const navigate = useNavigate();
      return <ResourcePage def={def} {...props} form={form} onDetail={detail && ((row) => navigate(detail(row)))} />;
    }
    return { default: ResourceList };
  };
  return Object.assign(page, { definition }) satisfies ResourceListPage;
}
