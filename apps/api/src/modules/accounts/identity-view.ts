import type { Identity } from '@store/contracts';
import type { IdentityRow } from './accounts.table.ts';

/** The identity as the API shows it to its owner: no hash, no Google subject, no verification internals. */
export function toIdentity(row: IdentityRow): Identity {
  const address = row.shippingAddress;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.email,
    phoneNumber: row.phoneNumber,
    age: row.age,
    isEmailSubscribed: row.isEmailSubscribed,
    referralCode: row.referralCode,
    quizId: row.quizId,
    orderId: row.orderId,
    permissions: row.permissions,
    about: row.about,
    profilePicture: row.profilePicture,
    address: row.address,
    shippingAddress: address
      ? {
          street1: address.street1 ?? null,
          street2: address.street2 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postalCode: address.postalCode ?? null,
        }
      : null,
    dateCreated: row.createdAt.toISOString(),
  };
}
