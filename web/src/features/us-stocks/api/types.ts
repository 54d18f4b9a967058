import type { components } from '@/api/schema';

/** Shapes of the US-stock calls, from the server's OpenAPI document. */
type Schemas = components['schemas'];

export type UsSide = Schemas['Side'];
export type StockDescription = Schemas['StockDescription'];
export type SessionNow = Schemas['SessionNow'];
export type UsOrderTypeOption = Schemas['UsOrderTypeOption'];
export type UsEstimate = Schemas['UsEstimate'];
/** R3.15: the order payload. */
export type UsOrderBody = Schemas['UsOrderBody'];
export type UsOrderView = Schemas['UsOrderView'];
export type UsOrderPage = Schemas['UsOrderPage'];
export type UsPosition = Schemas['UsPositionView'];
export type AmendBody = Schemas['AmendBody'];
export type AmendRequestView = Schemas['AmendRequestView'];
export type EpsQuarter = Schemas['EpsQuarter'];
export type CorporateAction = Schemas['CorporateActionView'];
export type UsdWalletBalance = Schemas['UsdWalletBalance'];
export type UsdBucket = Schemas['UsdBucket'];
/** The USD wallet's buckets (R3.10) as the order and position views name them. */
export type Bucket = Schemas['Bucket'];
/** The order types a US-stock order form offers (the estimate's `orderType`). */
export type UsOrderType = Schemas['OrderFormType'];
