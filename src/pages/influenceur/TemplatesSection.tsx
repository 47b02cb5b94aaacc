import { useCategoriesQuery } from '../../features/categories';
import { CategoryTemplates } from '../../features/deliveries';
import { appConfig } from '../../shared/config/appConfig';
import type { RecordRouting } from '../../shared/lib/recordRouting';

/** The console's templates: one block a category named after the product (spec §2.5). */
export function TemplatesSection({ routing }: { routing: RecordRouting }) {
  const { data: categories = [] } = useCategoriesQuery({ name: appConfig.productName });
  // One block holds the open template's editor, whatever its category.
  const blocks = categories.filter((category) => category.name === appConfig.productName);
  return (
    <>
      {blocks.map((category, index) => (
        <CategoryTemplates key={category.id} category={category.name} routing={index === 0 ? routing : { ...routing, openId: null }} />
      ))}
    </>
  );
}
