import type { Db } from '../../db/database.ts';
import { brands, products } from './catalog.table.ts';
import { brandLogoPath, demoBrands, demoProducts } from './demo-catalog.ts';

/**
 * Writes the demo catalog (docs/product.md#demo-data-and-sandbox). Idempotent: rows that exist are left as they are, so an
 * operator's edits survive restarts and a product added to the demo file appears on the next start.
 */
export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(brands)
      .values(
        demoBrands.map((b) => ({ id: b.id, name: b.name, slug: b.slug, logoPath: brandLogoPath(b.slug) })),
      )
      .onConflictDoNothing();
    await tx
      .insert(products)
      .values(
        demoProducts().map((p) => ({
          id: p.id,
          brandId: p.brandId,
          title: p.title,
          flavor: p.flavor,
          flavorIds: p.flavorIds,
          proteinType: p.proteinType,
          textureId: p.textureId,
          allergens: p.allergens,
          diets: p.diets,
          gramsProtein: p.gramsProtein,
          sizeLbs: p.sizeLbs,
          description: p.description,
          suggestedUse: p.suggestedUse,
          nutrition: p.nutrition,
          listPriceCents: p.listPriceCents,
          discountPercent: p.discountPercent,
          sampleStock: p.sampleStock,
          tubStock: p.tubStock,
          tubImagePath: p.tubImage,
          sampleImagePath: p.sampleImage,
          nutritionImagePath: p.nutritionImage,
        })),
      )
      .onConflictDoNothing();
  });
}
