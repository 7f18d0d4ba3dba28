package org.gantry.job.draft;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.gantry.job.SecretCipher;
import org.gantry.security.CurrentUser;
import org.gantry.security.UserService;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The editor's autosaved draft, one per user: saved after each pause in typing, offered again
 * when the user comes back to the editor, removed once the job is submitted. Only the user
 * themselves may read or change their draft.
 */
@Service
public class JobDraftService {

    /** Largest draft kept: a job document larger than this could not be submitted anyway. */
    public static final int MAX_TEXT_LENGTH = 1024 * 1024;

    /** What the user had typed, when, and where the editor started from. */
    public record Draft(String text, String origin, Instant updatedAt) {
    }

    private final JobDraftRepository drafts;
    private final SecretCipher cipher;
    private final UserService users;
    private final CurrentUser currentUser;
    private final Clock clock;

    JobDraftService(JobDraftRepository drafts, SecretCipher cipher, UserService users, CurrentUser currentUser,
                    Clock clock) {
        this.drafts = drafts;
        this.cipher = cipher;
        this.users = users;
        this.currentUser = currentUser;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public Optional<Draft> find(String username) {
        checkSelf(username);
        return drafts.findByOwnerUsername(username).map(d -> new Draft(cipher.open(d.getSealedText(), context(username)),
                d.getOrigin(), d.getUpdatedAt()));
    }

    /** Creates or replaces the user's draft. */
    @Transactional
    public void save(String username, String text, String origin) {
        checkSelf(username);
        if (text.length() > MAX_TEXT_LENGTH) {
            return;
        }
        JobDraft draft = drafts.findByOwnerUsername(username).orElseGet(() -> new JobDraft(
                users.find(username).orElseThrow(() -> new IllegalArgumentException("No user " + username))));
        draft.update(cipher.seal(text, context(username)), origin, clock.instant());
        drafts.save(draft);
    }

    @Transactional
    public void discard(String username) {
        checkSelf(username);
        drafts.deleteByOwnerUsername(username);
    }

    /** Binds a sealed draft to its author: it cannot be moved to another user's row. */
    private static String context(String username) {
        return "draft:" + username;
    }

    private void checkSelf(String username) {
        if (!currentUser.username().map(username::equals).orElse(false)) {
            throw new AccessDeniedException("A draft belongs to its author alone");
        }
    }
}
