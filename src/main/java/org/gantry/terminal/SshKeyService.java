package org.gantry.terminal;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Each user's SSH public keys: add, generate, list, delete, and find the user a key belongs to. */
@Service
public class SshKeyService {

    /** Keys per user; plenty for laptops and CLIs, few enough to list on one screen. */
    public static final int KEYS_PER_USER_MAX = 50;

    private static final Logger log = LoggerFactory.getLogger(SshKeyService.class);

    private final SshKeyRepository keys;
    private final UserService users;
    private final SshKeyCodec codec;
    private final Clock clock;

    SshKeyService(SshKeyRepository keys, UserService users, SshKeyCodec codec, Clock clock) {
        this.keys = keys;
        this.users = users;
        this.codec = codec;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<SshKey> list(String username) {
        return keys.findByUserUsernameOrderByCreatedAt(username);
    }

    /**
     * Registers a public key for the user.
     *
     * @param name a name the user chooses; blank means the key's comment, or its type
     * @throws SshKeyException when the key cannot be read, is already registered, or the name is taken
     */
    @Transactional
    public SshKey add(String username, String name, String publicKeyLine) {
        SshKeyCodec.PublicKeyInfo key;
        try {
            key = codec.parse(publicKeyLine);
        } catch (IllegalArgumentException e) {
            throw new SshKeyException(e.getMessage());
        }
        return save(username, name, key);
    }

    /**
     * Makes a key pair and registers its public half. The private half is in the returned value
     * only: Gantry keeps no copy.
     */
    @Transactional
    public GeneratedKey generate(String username, String name, SshKeyCodec.KeyKind kind) {
        SshKeyCodec.GeneratedKeyPair pair = codec.generate(kind, username + "@gantry");
        SshKey saved = save(username, name, pair.publicKey());
        return new GeneratedKey(saved, pair.privateKeyOpenSsh());
    }

    @Transactional
    public boolean delete(String username, String name) {
        return keys.findByUserUsernameAndName(username, name).map(key -> {
            keys.delete(key);
            log.info("SSH key '{}' ({}) of {} deleted", name, key.getFingerprint(), username);
            return true;
        }).orElse(false);
    }

    /** The enabled user a key with this fingerprint belongs to. */
    @Transactional(readOnly = true)
    public Optional<String> ownerOf(String fingerprint) {
        return keys.findByFingerprint(fingerprint)
                .filter(key -> users.find(key.getUsername()).map(UserAccount::isEnabled).orElse(false))
                .map(SshKey::getUsername);
    }

    /** Notes that the key just opened a connection. */
    @Transactional
    public void markUsed(String fingerprint) {
        keys.findByFingerprint(fingerprint).ifPresent(key -> key.setLastUsedAt(clock.instant()));
    }

    private SshKey save(String username, String name, SshKeyCodec.PublicKeyInfo key) {
        UserAccount user = users.find(username).orElseThrow(() -> new SshKeyException("No user " + username));
        String chosen = chooseName(name, key);
        keys.findByFingerprint(key.fingerprint()).ifPresent(existing -> {
            throw new SshKeyException(existing.getUsername().equals(username)
                    ? "You registered this key already, as '" + existing.getName() + "'"
                    : "This key is registered to another account; each key may belong to one account only");
        });
        if (keys.findByUserUsernameAndName(username, chosen).isPresent()) {
            throw new SshKeyException("You have a key named '" + chosen + "' already");
        }
        if (keys.countByUserUsername(username) >= KEYS_PER_USER_MAX) {
            throw new SshKeyException("You have " + KEYS_PER_USER_MAX + " keys already; delete one first");
        }
        SshKey saved = keys.save(new SshKey(user, chosen, key, clock.instant()));
        log.info("SSH key '{}' ({}) added for {}", chosen, key.fingerprint(), username);
        return saved;
    }

    private static String chooseName(String name, SshKeyCodec.PublicKeyInfo key) {
        String chosen = name == null || name.isBlank() ? defaultName(key) : name.strip();
        if (!chosen.matches(SshKey.NAME_PATTERN)) {
            throw new SshKeyException("A key name is 1 to " + SshKey.NAME_MAX
                    + " letters, digits or . _ @ + -, starting with a letter or digit");
        }
        return chosen;
    }

    private static String defaultName(SshKeyCodec.PublicKeyInfo key) {
        String fromComment = key.comment().replaceAll("[^A-Za-z0-9._@+-]", "-").replaceAll("^[^A-Za-z0-9]+", "");
        String base = fromComment.isEmpty() ? key.type().replaceAll("[^A-Za-z0-9-]", "-") : fromComment;
        return base.length() > SshKey.NAME_MAX ? base.substring(0, SshKey.NAME_MAX) : base;
    }

    /** A generated key pair: the registered key and the only copy of its private half. */
    public record GeneratedKey(SshKey key, String privateKeyOpenSsh) {

        @Override
        public String toString() {
            return "GeneratedKey[" + key.getFingerprint() + "]";
        }
    }
}
