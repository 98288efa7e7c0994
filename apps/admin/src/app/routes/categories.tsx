/** The Categories page, as the router loads it: the categories feature's page. */
import { CategoriesPage } from '../../features/categories/components/categories-page.js';

export const CategoriesRoute = CategoriesPage;
