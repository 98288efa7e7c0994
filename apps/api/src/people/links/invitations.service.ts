/**
 * Open invitations (docs/staff/sign-in.md): an account's, listed for staff without their links,
 * and revoked one at a time by staff or all of a person's at once when they are deactivated.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type ListKeysQuery, type OpenInvitation, PROBLEMS } from '@pets/contract';
import { type Actor, AuditRepository } from '../../audit/audit.repository.js';
import { ApiException } from '../../errors/api-exception.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import { Cursors } from '../../paging/cursor.js';
import { type Page, scopedPage } from '../../paging/paging.js';
import { Writer, type WriteTx } from '../../database/writer.js';
import { LinksRepository, type OpenInvitationRecord } from './links.repository.js';

const toOpenInvitationView = (link: OpenInvitationRecord): OpenInvitation => ({
  id: link.id,
  accountId: link.accountId,
  email: link.email,
  createdAt: new Date(link.createdAt).toISOString(),
  expiresAt: new Date(link.expiresAt).toISOString(),
  createdByPersonId: link.createdByPersonId,
});

@Injectable()
export class InvitationsService {
  constructor(
    private readonly links: LinksRepository,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A page of an account's open invitations, in ascending id. */
  page(accountId: number, query: ListKeysQuery): Promise<Page<OpenInvitation>> {
    const list = {
      kind: 'i1',
      scope: String(accountId),
      otherScope: "belongs to another account's invitations",
    };
    const now = this.clock.now();
    return scopedPage(this.cursors, list, query, async (afterId, take) =>
      (await this.links.openInvitations(accountId, afterId ?? 0, take, now)).map(
        toOpenInvitationView,
      ),
    );
  }

  /**
   * Revokes an open invitation (only one to `ownerAccountId`, when given): its link stops working
   * at once; `404` unless it is open.
   */
  async revoke(id: number, actor: Actor, ownerAccountId?: number): Promise<void> {
    const now = this.clock.now();
    await this.writer.transaction(async (tx) => {
      // Against its acceptance: whichever locks the link first wins, the other finds it closed.
      await tx.lockRow('person_links', id);
      const invitation = await this.links.openInvitationById(tx, id, now);
      if (!invitation || (ownerAccountId !== undefined && invitation.accountId !== ownerAccountId))
        throw ApiException.of(PROBLEMS.invitationNotFound);
      await this.endIn(tx, invitation, now, actor);
    });
  }

  /** Revokes, in the caller's transaction, every open invitation a person made, with `cause`. */
  async revokeMadeByIn(
    tx: WriteTx,
    personId: number,
    now: number,
    actor: Actor,
    cause: string,
  ): Promise<void> {
    for (const invitation of await this.links.openInvitationsMadeBy(tx, personId, now)) {
      await tx.lockRow('person_links', invitation.id);
      await this.endIn(tx, invitation, now, actor, cause);
    }
  }

  /** Ends one invitation and records it: whom it was for, to which account; never its link. */
  private async endIn(
    tx: WriteTx,
    invitation: OpenInvitationRecord,
    now: number,
    actor: Actor,
    cause?: string,
  ): Promise<void> {
    if (!(await this.links.end(tx, invitation.id, now))) return;
    await this.audit.record(tx, now, {
      actor,
      action: 'invitation.revoked',
      target: { type: 'account', id: invitation.accountId },
      changes: {
        invitationId: [invitation.id, null],
        email: [invitation.email, null],
        ...(cause === undefined ? {} : { cause: [null, cause] }),
      },
    });
  }
}
