import { CategoryTemplates } from '../../features/deliveries';
import { appConfig } from '../../shared/config/appConfig';

/** The console's templates: those of the category named after the product (spec §2.5). */
export function TemplatesSection() {
  return <CategoryTemplates category={appConfig.productName} />;
}
