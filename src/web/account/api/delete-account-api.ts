import { accountApi } from '../../../domain/api/endpoints';
import { call } from '../../lib/call';

export const deleteAccount = (confirmEmail: string) =>
  call(accountApi.deleteAccount, { body: { confirmEmail } });
