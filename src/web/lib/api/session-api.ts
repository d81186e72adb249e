import { accountApi } from '../../../domain/api/endpoints';
import { call } from '../call';

/** The signed-in user and the workspace the session works in; both null for a visitor. */
export const fetchMe = () => call(accountApi.me);
