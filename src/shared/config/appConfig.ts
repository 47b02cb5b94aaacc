/** Settings the server writes into the page (`<script id="app-config">`), with the defaults of DESIGN.md §5. */
export interface AppConfig {
  productName: string;
  societe: string;
}

const defaults: AppConfig = { productName: 'TGM', societe: 'tgm-societe' };

function readPageConfig(): Partial<AppConfig> {
  if (typeof document === 'undefined') return {};
  const element = document.getElementById('app-config');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as Partial<AppConfig>;
  } catch {
    return {};
  }
}

export const appConfig: AppConfig = { ...defaults, ...readPageConfig() };
