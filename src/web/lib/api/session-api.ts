import { accountApi } from '../../../domain/api/endpoints';
import { call } from '../call';

/** The signed-in user, or null for a visitor. */
export const fetchSessionUser = async () => (await call(accountApi.me)).user;
