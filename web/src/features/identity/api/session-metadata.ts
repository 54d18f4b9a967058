import { api, dataOf } from '@/lib/api-client';
import type {
  ClevertapProfileRequest,
  ProfileSaved,
  SalesforceWebInfo,
  SaveMetadataRequest,
  UserMetadata,
} from '@/api/types';

/** POST /api/v1/user/save-metadata: small client metadata (app version, time zone, language, theme). */
export function saveMetadata(input: SaveMetadataRequest): Promise<UserMetadata> {
  // The schema types this free-form map as an empty object; the server takes any flat JSON object.
  return dataOf<UserMetadata>(api.POST('/v1/user/save-metadata', { body: input as never }));
}

/** POST /api/v1/user/clevertap/profile: the CleverTap profile, kept in the server's analytics store. */
export function saveClevertapProfile(input: ClevertapProfileRequest): Promise<ProfileSaved> {
  // The schema types this free-form map as an empty object; the server takes any flat JSON object.
  return dataOf<ProfileSaved>(api.POST('/v1/user/clevertap/profile', { body: input as never }));
}

/** GET /api/v1/user/salesforce/web-info (R3.16): the support identifier and where to send the browser. */
export function getSalesforceWebInfo(signal?: AbortSignal): Promise<SalesforceWebInfo> {
  return dataOf<SalesforceWebInfo>(api.GET('/v1/user/salesforce/web-info', { signal }));
}
