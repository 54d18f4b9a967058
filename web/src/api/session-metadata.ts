import { apiPaths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import type {
  ClevertapProfileRequest,
  ProfileSaved,
  SalesforceWebInfo,
  SaveMetadataRequest,
  UserMetadata,
} from './types';

/** POST /api/v1/user/save-metadata: small client metadata (app version, time zone, language, theme). */
export function saveMetadata(input: SaveMetadataRequest): Promise<UserMetadata> {
  return apiClient.post<UserMetadata>(apiPaths.saveMetadata, input);
}

/** POST /api/v1/user/clevertap/profile: the CleverTap profile, kept in the server's analytics store. */
export function saveClevertapProfile(input: ClevertapProfileRequest): Promise<ProfileSaved> {
  return apiClient.post<ProfileSaved>(apiPaths.clevertapProfile, input);
}

/** GET /api/v1/user/salesforce/web-info (R3.16): the support identifier and where to send the browser. */
export function getSalesforceWebInfo(signal?: AbortSignal): Promise<SalesforceWebInfo> {
  return apiClient.get<SalesforceWebInfo>(apiPaths.salesforceWebInfo, { signal });
}
