import { postAuthLogoutAll } from './generated/postAuthLogoutAll';

/**
 * Ends every session of the rider, this one included (issue 16); the server clears the cookie too.
 * Its own module, so the landing chunk does not carry it.
 */
export const logoutEverywhere = () => postAuthLogoutAll({ body: {} });
