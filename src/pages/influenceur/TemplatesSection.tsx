import { useCategoriesQuery } from '../../features/categories';
import { CategoryTemplates } from '../../features/deliveries';
import { appConfig } from '../../shared/config/appConfig';

/** The console's templates: one block a category named after the product (spec §2.5). */
export function TemplatesSection() {
  const { data: categories = [] } = useCategoriesQuery({ name: appConfig.productName });
  return (
    <>
      {categories
        .filter((category) => category.name === appConfig.productName)
        .map((category) => (
          <CategoryTemplates key={category.id} category={category.name} />
        ))}
    </>
  );
}
