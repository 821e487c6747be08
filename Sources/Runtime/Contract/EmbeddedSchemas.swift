// Generated from Schemas/ by `swift run bridge-generate`.
// DO NOT EDIT: edit the files in Schemas/ (or the command declarations) and regenerate.

/// The schemas of `Schemas/`, compiled in so the bridge checks its contract from any directory.
enum EmbeddedSchemas {
    static let files: [(path: String, text: String)] = [
        ("acl/capability-file.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/acl/capability-file.schema.json",
  "title": "Tauri v2 capability file",
  "description": "One capability, an array of them, or {\"capabilities\": [...]} (TOML files as their JSON equivalent).",
  "definitions": {
    "capability": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "identifier"
      ],
      "properties": {
        "$schema": {
          "type": "string"
        },
        "identifier": {
          "type": "string",
          "minLength": 1
        },
        "description": {
          "type": "string"
        },
        "local": {
          "type": "boolean",
          "default": true
        },
        "remote": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "urls": {
              "type": "array",
              "items": {
                "type": "string",
                "pattern": "^[^:/]+://[^/]+"
              }
            }
          }
        },
        "windows": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "webviews": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "permissions": {
          "type": "array",
          "items": {
            "oneOf": [
              {
                "type": "string",
                "pattern": "^(?:core(?::(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)*:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)$",
                "maxLength": 116
              },
              {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "identifier"
                ],
                "properties": {
                  "identifier": {
                    "type": "string",
                    "pattern": "^(?:core(?::(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)*:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)$",
                    "maxLength": 116
                  },
                  "allow": {
                    "type": "array"
                  },
                  "deny": {
                    "type": "array"
                  }
                }
              }
            ]
          }
        },
        "platforms": {
          "type": "array",
          "items": {
            "enum": [
              "linux",
              "macOS",
              "windows",
              "android",
              "iOS"
            ]
          }
        }
      }
    }
  },
  "oneOf": [
    {
      "$ref": "#/definitions/capability"
    },
    {
      "type": "array",
      "items": {
        "$ref": "#/definitions/capability"
      }
    },
    {
      "type": "object",
      "required": [
        "capabilities"
      ],
      "additionalProperties": false,
      "properties": {
        "$schema": {
          "type": "string"
        },
        "capabilities": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/capability"
          }
        }
      }
    }
  ]
}
"""##),
        ("acl/permission-file.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/acl/permission-file.schema.json",
  "title": "Tauri v2 plugin permission file",
  "description": "permissions/<plugin>/**/*.toml or .json (TOML files as their JSON equivalent).",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "$schema": {
      "type": "string"
    },
    "default": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "permissions"
      ],
      "properties": {
        "description": {
          "type": "string"
        },
        "permissions": {
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?:core(?::(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)*:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)$",
            "maxLength": 116
          }
        }
      }
    },
    "set": {
      "type": "array",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "identifier",
          "description",
          "permissions"
        ],
        "properties": {
          "identifier": {
            "type": "string",
            "pattern": "^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$"
          },
          "description": {
            "type": "string"
          },
          "permissions": {
            "type": "array",
            "items": {
              "type": "string",
              "pattern": "^(?:core(?::(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)*:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?)$",
              "maxLength": 116
            }
          }
        }
      }
    },
    "permission": {
      "type": "array",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "identifier"
        ],
        "properties": {
          "identifier": {
            "type": "string",
            "pattern": "^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$"
          },
          "description": {
            "type": "string"
          },
          "version": {
            "type": "integer",
            "minimum": 1
          },
          "commands": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "allow": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              },
              "deny": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              }
            }
          },
          "scope": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "allow": {
                "type": "array"
              },
              "deny": {
                "type": "array"
              }
            }
          },
          "platforms": {
            "type": "array",
            "items": {
              "enum": [
                "linux",
                "macOS",
                "windows",
                "android",
                "iOS"
              ]
            }
          }
        }
      }
    }
  }
}
"""##),
        ("commands/frak-share/share_text.args.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/frak-share/share_text.args.schema.json",
  "title": "plugin:frak-share|share_text arguments",
  "description": "Opens the platform share sheet with a link, a text, a title and a thumbnail. The named arguments of invoke('plugin:frak-share|share_text', …), camelCase keys, as Tauri binds them to the snake_case parameters; null is the same as absent. This is the contract of a correct call: what `--strict` accepts (by default the bridge also accepts what Tauri accepts, with warnings).",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "url": {
      "description": "The link to share (iOS: a URL activity item with its link card; Android: the end of EXTRA_TEXT). Empty = absent.",
      "type": [
        "string",
        "null"
      ],
      "allOf": [
        {
          "pattern": "^(?:[!#$&-;=?-\\[\\]_a-z~]|%[0-9A-Fa-f]{2})*$",
          "$comment": "otherwise the warning unparsable_url, a refusal under --strict"
        },
        {
          "pattern": "^(?!(?:[Aa][Bb][Oo][Uu][Tt]:|[Bb][Ll][Oo][Bb]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee]:|[Jj][Aa][Vv][Aa][Ss][Cc][Rr][Ii][Pp][Tt]:|[Ww][Ss]:|[Ww][Ss][Ss]:))",
          "$comment": "otherwise the warning unopenable_url, a refusal under --strict"
        }
      ]
    },
    "text": {
      "description": "The body text. Empty = absent.",
      "type": [
        "string",
        "null"
      ]
    },
    "title": {
      "description": "The subject: the iOS activity subject and link title; Android EXTRA_SUBJECT and EXTRA_TITLE.",
      "type": [
        "string",
        "null"
      ]
    },
    "imageUrl": {
      "description": "The thumbnail or icon to fetch, an http or https URL (iOS: the link card's icon, 2 s race; Android: the chooser's ClipData thumbnail).",
      "type": [
        "string",
        "null"
      ],
      "allOf": [
        {
          "pattern": "^(?:[!#$&-;=?-\\[\\]_a-z~]|%[0-9A-Fa-f]{2})*$",
          "$comment": "otherwise the warning unparsable_url, a refusal under --strict"
        },
        {
          "pattern": "^$|^[Hh][Tt][Tt][Pp][Ss]?://([^/?#]*@)?[^/?#@:][^/?#@]*([/?#]|$)",
          "$comment": "otherwise the warning unfetchable_url, a refusal under --strict"
        }
      ]
    }
  },
  "allOf": [
    {
      "anyOf": [
        {
          "required": [
            "url"
          ],
          "properties": {
            "url": {
              "type": "string",
              "minLength": 1
            }
          }
        },
        {
          "required": [
            "text"
          ],
          "properties": {
            "text": {
              "type": "string",
              "minLength": 1
            }
          }
        }
      ],
      "$comment": "otherwise the command refuses: Missing 'url' or 'text' parameter"
    }
  ]
}
"""##),
        ("commands/frak-share/share_text.result.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/frak-share/share_text.result.schema.json",
  "title": "plugin:frak-share|share_text result",
  "description": "iOS: whether the user completed an activity (false when dismissed). Android: true as soon as the chooser opens.",
  "type": "object",
  "required": [
    "shared"
  ],
  "additionalProperties": false,
  "properties": {
    "shared": {
      "description": "Whether the share went through, as the platform reports it.",
      "type": "boolean"
    }
  }
}
"""##),
        ("commands/share-extension/clear.args.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share-extension/clear.args.schema.json",
  "title": "plugin:share-extension|clear arguments",
  "description": "Removes the items named by ids, or every item a read delivered to this reader or to one that has ended. The named arguments of invoke('plugin:share-extension|clear', …), keys exactly as sent (a native-only command: Tauri forwards them unchanged to the native method `clear`); null is the same as absent. This is the contract of a correct call: what `--strict` accepts (by default the bridge also accepts what Tauri accepts, with warnings).",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "ids": {
      "description": "The ids to remove, as read returns them; absent: every item leased or delivered to this reader, or delivered to a reader that has ended.",
      "type": [
        "array",
        "null"
      ],
      "items": {
        "type": "string",
        "pattern": "^[0-9]{12}-[0-9a-f]{8}$"
      }
    }
  }
}
"""##),
        ("commands/share-extension/clear.result.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share-extension/clear.result.schema.json",
  "title": "plugin:share-extension|clear result",
  "description": "The ids removed, and the ids that were not in the inbox.",
  "type": "object",
  "required": [
    "removed",
    "notFound"
  ],
  "additionalProperties": false,
  "properties": {
    "removed": {
      "type": "array",
      "items": {
        "type": "string"
      }
    },
    "notFound": {
      "type": "array",
      "items": {
        "type": "string"
      }
    }
  }
}
"""##),
        ("commands/share-extension/read.args.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share-extension/read.args.schema.json",
  "title": "plugin:share-extension|read arguments",
  "description": "Returns the stored shares no other live reader holds, oldest first, and leases them to this reader. The named arguments of invoke('plugin:share-extension|read', …), keys exactly as sent (a native-only command: Tauri forwards them unchanged to the native method `read`); null is the same as absent. This is the contract of a correct call: what `--strict` accepts (by default the bridge also accepts what Tauri accepts, with warnings).",
  "type": "object",
  "additionalProperties": false,
  "properties": {}
}
"""##),
        ("commands/share-extension/read.result.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share-extension/read.result.schema.json",
  "title": "plugin:share-extension|read result",
  "description": "The stored shares no other live reader holds, oldest first, each with its deliveryCount; corrupt files moved aside are listed in 'quarantined'.",
  "type": "object",
  "required": [
    "items"
  ],
  "additionalProperties": false,
  "properties": {
    "items": {
      "type": "array",
      "items": {
        "type": "object",
        "required": [
          "id",
          "text",
          "receivedAt",
          "deliveryCount",
          "attachments"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "string",
            "pattern": "^[0-9]{12}-[0-9a-f]{8}$"
          },
          "text": {
            "description": "The shared text; empty when none.",
            "type": "string"
          },
          "url": {
            "type": "string"
          },
          "image": {
            "description": "The first image as a data: URL (images up to 20 MiB).",
            "type": "string",
            "pattern": "^data:image/[a-z+.-]+;base64,"
          },
          "imagePath": {
            "description": "The first image's file in the App Group container.",
            "type": "string"
          },
          "receivedAt": {
            "type": "string",
            "format": "date-time"
          },
          "deliveryCount": {
            "description": "How many reads returned the share, this one included: more than 1 when a reader died or its lease lapsed before clearing it.",
            "type": "integer",
            "minimum": 1
          },
          "attachments": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "kind",
                "typeIdentifier",
                "path",
                "bytes",
                "name",
                "present"
              ],
              "additionalProperties": false,
              "properties": {
                "kind": {
                  "type": "string",
                  "enum": [
                    "image",
                    "movie",
                    "file"
                  ]
                },
                "typeIdentifier": {
                  "type": "string"
                },
                "path": {
                  "type": "string"
                },
                "bytes": {
                  "type": "integer",
                  "minimum": 0
                },
                "name": {
                  "type": "string"
                },
                "present": {
                  "type": "boolean"
                }
              }
            }
          }
        }
      }
    },
    "quarantined": {
      "type": "array",
      "items": {
        "type": "object",
        "required": [
          "file",
          "movedTo",
          "reason"
        ],
        "additionalProperties": false,
        "properties": {
          "file": {
            "type": "string"
          },
          "movedTo": {
            "type": [
              "string",
              "null"
            ]
          },
          "reason": {
            "type": "string"
          }
        }
      }
    }
  }
}
"""##),
        ("commands/share/can_share.args.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share/can_share.args.schema.json",
  "title": "plugin:share|can_share arguments",
  "description": "Says whether share would present a sheet for the same arguments. The named arguments of invoke('plugin:share|can_share', …), camelCase keys, as Tauri binds them to the snake_case parameters; null is the same as absent. This is the contract of a correct call: what `--strict` accepts (by default the bridge also accepts what Tauri accepts, with warnings).",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "title": {
      "description": "The title: the iOS subject and link-metadata title (unless preview.title); Android EXTRA_SUBJECT and EXTRA_TITLE. Empty = absent.",
      "type": [
        "string",
        "null"
      ]
    },
    "text": {
      "description": "The body text. Empty = absent.",
      "type": [
        "string",
        "null"
      ]
    },
    "url": {
      "description": "The link: an absolute URL the Web Share API accepts (not about:, blob:, data:, file:, javascript:, ws:, wss:). Empty = absent.",
      "type": [
        "string",
        "null"
      ],
      "pattern": "^$|^(?!(?:[Aa][Bb][Oo][Uu][Tt]:|[Bb][Ll][Oo][Bb]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee]:|[Jj][Aa][Vv][Aa][Ss][Cc][Rr][Ii][Pp][Tt]:|[Ww][Ss]:|[Ww][Ss][Ss]:))[A-Za-z][A-Za-z0-9+.\\-]*:(?:[!#$&-;=?-\\[\\]_a-z~]|%[0-9A-Fa-f]{2})*$"
    },
    "files": {
      "description": "The files: each an absolute path or file:// URL inside an allowed root (--files-root), a data: URL, or an http(s) URL the bridge downloads. Not empty when present.",
      "type": [
        "array",
        "null"
      ],
      "items": {
        "type": "string"
      }
    },
    "dialogTitle": {
      "description": "Android: the chooser's title, passed to Intent.createChooser; Android 10+ (API 29+) does not show it for a share, nor does iOS (a warning).",
      "type": [
        "string",
        "null"
      ],
      "allOf": [
        {
          "pattern": "^$",
          "$comment": "otherwise the warning dialog_title_ignored, a refusal under --strict"
        }
      ]
    },
    "preview": {
      "description": "The share sheet's header (iOS LPLinkMetadata): seed 003's SharePreview(title, image) and seed 002's subtitle.",
      "type": [
        "object",
        "null"
      ],
      "additionalProperties": false,
      "properties": {
        "title": {
          "description": "The header's title (seed 003's SharePreview title); else `title`.",
          "type": [
            "string",
            "null"
          ]
        },
        "subtitle": {
          "description": "The header's subtitle, through seed 002's trick originalURL = URL(fileURLWithPath: subtitle).",
          "type": [
            "string",
            "null"
          ]
        },
        "image": {
          "description": "The header's icon: an image given as a files entry is; else the first image of files.",
          "type": [
            "string",
            "null"
          ]
        }
      }
    }
  }
}
"""##),
        ("commands/share/can_share.result.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share/can_share.result.schema.json",
  "title": "plugin:share|can_share result",
  "description": "Never rejects for the data itself: what share would refuse is false.",
  "type": "object",
  "required": [
    "value"
  ],
  "additionalProperties": false,
  "properties": {
    "value": {
      "description": "true when share would present the sheet; false for arguments it refuses, and on desktop.",
      "type": "boolean"
    }
  }
}
"""##),
        ("commands/share/share.args.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share/share.args.schema.json",
  "title": "plugin:share|share arguments",
  "description": "Opens the platform share sheet with files (images, PDFs, movies…), a link, a text and a rich preview. The named arguments of invoke('plugin:share|share', …), camelCase keys, as Tauri binds them to the snake_case parameters; null is the same as absent. This is the contract of a correct call: what `--strict` accepts (by default the bridge also accepts what Tauri accepts, with warnings).",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "title": {
      "description": "The title: the iOS subject and link-metadata title (unless preview.title); Android EXTRA_SUBJECT and EXTRA_TITLE. Empty = absent.",
      "type": [
        "string",
        "null"
      ]
    },
    "text": {
      "description": "The body text. Empty = absent.",
      "type": [
        "string",
        "null"
      ]
    },
    "url": {
      "description": "The link: an absolute URL the Web Share API accepts (not about:, blob:, data:, file:, javascript:, ws:, wss:). Empty = absent.",
      "type": [
        "string",
        "null"
      ],
      "pattern": "^$|^(?!(?:[Aa][Bb][Oo][Uu][Tt]:|[Bb][Ll][Oo][Bb]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee]:|[Jj][Aa][Vv][Aa][Ss][Cc][Rr][Ii][Pp][Tt]:|[Ww][Ss]:|[Ww][Ss][Ss]:))[A-Za-z][A-Za-z0-9+.\\-]*:(?:[!#$&-;=?-\\[\\]_a-z~]|%[0-9A-Fa-f]{2})*$"
    },
    "files": {
      "description": "The files: each an absolute path or file:// URL inside an allowed root (--files-root), a data: URL, or an http(s) URL the bridge downloads. Not empty when present.",
      "type": [
        "array",
        "null"
      ],
      "items": {
        "type": "string"
      }
    },
    "dialogTitle": {
      "description": "Android: the chooser's title, passed to Intent.createChooser; Android 10+ (API 29+) does not show it for a share, nor does iOS (a warning).",
      "type": [
        "string",
        "null"
      ],
      "allOf": [
        {
          "pattern": "^$",
          "$comment": "otherwise the warning dialog_title_ignored, a refusal under --strict"
        }
      ]
    },
    "preview": {
      "description": "The share sheet's header (iOS LPLinkMetadata): seed 003's SharePreview(title, image) and seed 002's subtitle.",
      "type": [
        "object",
        "null"
      ],
      "additionalProperties": false,
      "properties": {
        "title": {
          "description": "The header's title (seed 003's SharePreview title); else `title`.",
          "type": [
            "string",
            "null"
          ]
        },
        "subtitle": {
          "description": "The header's subtitle, through seed 002's trick originalURL = URL(fileURLWithPath: subtitle).",
          "type": [
            "string",
            "null"
          ]
        },
        "image": {
          "description": "The header's icon: an image given as a files entry is; else the first image of files.",
          "type": [
            "string",
            "null"
          ]
        }
      }
    }
  },
  "allOf": [
    {
      "properties": {
        "files": {
          "type": [
            "array",
            "null"
          ],
          "minItems": 1
        }
      },
      "$comment": "otherwise the command refuses: invalid args `files` for command `share`: must not be empty when present (the Web Share API refuses an empty files list)"
    },
    {
      "anyOf": [
        {
          "required": [
            "title"
          ],
          "properties": {
            "title": {
              "type": "string",
              "minLength": 1
            }
          }
        },
        {
          "required": [
            "text"
          ],
          "properties": {
            "text": {
              "type": "string",
              "minLength": 1
            }
          }
        },
        {
          "required": [
            "url"
          ],
          "properties": {
            "url": {
              "type": "string",
              "minLength": 1
            }
          }
        },
        {
          "required": [
            "files"
          ],
          "properties": {
            "files": {
              "type": "array",
              "minItems": 1
            }
          }
        }
      ],
      "$comment": "otherwise the command refuses: Missing 'title', 'text', 'url' or 'files' parameter"
    }
  ]
}
"""##),
        ("commands/share/share.result.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/commands/share/share.result.schema.json",
  "title": "plugin:share|share result",
  "description": "Resolves when the user picked a target; a dismissal rejects with `Share canceled`, a share while another is presented with `Can't share while sharing is in progress`.",
  "type": "object",
  "required": [
    "activityType"
  ],
  "additionalProperties": false,
  "properties": {
    "activityType": {
      "description": "The activity the user picked (iOS: a UIActivity.ActivityType; Android: the chosen package), or null when the platform does not say.",
      "type": [
        "string",
        "null"
      ]
    }
  }
}
"""##),
        ("error.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/error.schema.json",
  "title": "Error object",
  "description": "The error of a failed call: the JSON-RPC error object, also what 'bridge invoke' prints on stdout with exit status 1. 'message' is what a Tauri front end would receive from invoke().",
  "type": "object",
  "required": ["code", "message", "data"],
  "additionalProperties": false,
  "properties": {
    "code": {
      "description": "-32700 parse, -32600 invalid_request, -32601 not_found, -32602 invalid_args, -32603 internal, -32800 cancelled, -32001 not_allowed, -32002 unsupported_platform, -32003 rejected.",
      "enum": [-32700, -32600, -32601, -32602, -32603, -32800, -32001, -32002, -32003]
    },
    "message": { "type": "string", "minLength": 1 },
    "data": {
      "type": "object",
      "required": ["kind"],
      "properties": {
        "kind": { "enum": ["parse", "invalid_request", "not_found", "invalid_args", "internal", "cancelled", "not_allowed", "unsupported_platform", "rejected"] },
        "command": { "type": "string" },
        "plugin": { "type": "string" },
        "layer": { "enum": ["command", "ios", "android", "desktop"] },
        "field": { "type": "string" },
        "suggestion": { "type": "string" },
        "permissions": { "type": "array", "items": { "type": "string" } },
        "platform": { "type": "string" },
        "reason": { "type": "string" },
        "line": { "type": "integer", "minimum": 1 },
        "column": { "type": "integer", "minimum": 1 },
        "offset": { "type": "integer", "minimum": 0 },
        "limit": { "type": "integer", "minimum": 1 },
        "presentation": { "description": "bridge invoke --inspect: the platform record of what a call presented before it failed (a dismissed share), as bridge/presentation reports it on serve.", "type": "object" }
      }
    }
  },
  "allOf": [
    { "if": { "properties": { "code": { "const": -32700 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "parse" } } } } } },
    { "if": { "properties": { "code": { "const": -32600 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "invalid_request" } } } } } },
    { "if": { "properties": { "code": { "const": -32601 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "not_found" } } } } } },
    { "if": { "properties": { "code": { "const": -32602 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "invalid_args" } } } } } },
    { "if": { "properties": { "code": { "const": -32603 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "internal" } } } } } },
    { "if": { "properties": { "code": { "const": -32800 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "cancelled" } } } } } },
    { "if": { "properties": { "code": { "const": -32001 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "not_allowed" } } } } } },
    { "if": { "properties": { "code": { "const": -32002 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "unsupported_platform" } } } } } },
    { "if": { "properties": { "code": { "const": -32003 } } }, "then": { "properties": { "data": { "type": "object", "properties": { "kind": { "const": "rejected" } } } } } }
  ]
}

"""##),
        ("fixtures.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/fixtures.schema.json",
  "title": "Fixtures file",
  "description": "'--fixtures FILE': answers for the commands the bridge does not simulate (the app's own commands, plugins it does not host), by command name as invoke() sends it: 'greet', 'plugin:frak-webauthn|register'. A command's answer is an object or a list of them, tried in order: the first whose 'args' all equal the call's arguments (a subset match; no 'args' matches any call) answers. In strings of 'result' and 'error', '{{key}}' is the call's argument 'key'. Keys starting with '$' are ignored.",
  "type": "object",
  "propertyNames": { "type": "string", "pattern": "^(\\$.*|plugin:[a-z0-9-]+\\|[A-Za-z][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*)$" },
  "patternProperties": { "^\\$": {} },
  "additionalProperties": {
    "oneOf": [
      { "$ref": "#/definitions/answer" },
      { "type": "array", "minItems": 1, "items": { "$ref": "#/definitions/answer" } }
    ]
  },
  "definitions": {
    "answer": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "args": { "type": "object", "description": "The arguments a call must have (each key equal) for this answer." },
        "result": { "description": "What invoke() resolves with." },
        "error": { "description": "What invoke() rejects with, as the command's Err serialises (a string, or any JSON)." },
        "description": { "type": "string" }
      },
      "oneOf": [
        { "required": ["result"], "properties": { "result": true }, "not": { "required": ["error"], "properties": { "error": true } } },
        { "required": ["error"], "properties": { "error": true }, "not": { "required": ["result"], "properties": { "result": true } } }
      ]
    }
  }
}

"""##),
        ("http-fixtures.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/http-fixtures.schema.json",
  "title": "HTTP fixtures file",
  "description": "'--http-fixtures FILE': the responses the http plugin's fetch() gets (docs/official-plugins.md). Tried in order after the http scope allowed the request: the first whose 'method' (any when absent) and 'url' (a URL pattern as the http scope reads it: no path, '/', no search or no hash match any) match answers. One of 'body' (text), 'json' (sent serialised, with content-type application/json unless 'headers' name one) or 'bodyBase64'.",
  "type": "array",
  "items": {
    "type": "object",
    "additionalProperties": false,
    "required": ["url"],
    "properties": {
      "url": { "type": "string", "pattern": "^[A-Za-z*][A-Za-z0-9+.*-]*://", "description": "A URL pattern: https://api.example.com, https://*.example.com/v1/*." },
      "method": { "type": "string", "pattern": "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$", "description": "GET, POST, …; compared uppercased." },
      "status": { "type": "integer", "minimum": 100, "maximum": 599, "default": 200 },
      "headers": {
        "oneOf": [
          { "type": "object", "additionalProperties": { "type": "string" } },
          { "type": "array", "items": { "type": "array", "items": { "type": "string" }, "minItems": 2, "maxItems": 2 } }
        ]
      },
      "body": { "type": "string" },
      "json": { "description": "Any JSON value, sent serialised." },
      "bodyBase64": { "type": "string", "contentEncoding": "base64" },
      "description": { "type": "string" }
    },
    "not": {
      "anyOf": [
        { "required": ["body", "json"], "properties": { "body": true, "json": true } },
        { "required": ["body", "bodyBase64"], "properties": { "body": true, "bodyBase64": true } },
        { "required": ["json", "bodyBase64"], "properties": { "json": true, "bodyBase64": true } }
      ]
    }
  }
}

"""##),
        ("jsonrpc/initialize-result.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/jsonrpc/initialize-result.schema.json",
  "title": "Result of initialize",
  "description": "What bridge serve answers to initialize: LSP's capabilities and serverInfo (LSP client libraries require capabilities), the session's context after the params were applied, and the commands it serves.",
  "type": "object",
  "required": ["capabilities", "serverInfo", "platform", "device", "window", "webview", "origin", "inspect", "strict", "commands"],
  "additionalProperties": false,
  "properties": {
    "capabilities": {
      "description": "LSP server capabilities: none (the bridge serves plugin commands, not language features).",
      "type": "object"
    },
    "serverInfo": {
      "type": "object",
      "required": ["name", "version"],
      "additionalProperties": false,
      "properties": {
        "name": { "type": "string", "const": "bridge" },
        "version": { "type": "string", "minLength": 1 }
      }
    },
    "platform": { "type": "string", "enum": ["ios", "android", "linux", "macos", "windows"] },
    "device": { "description": "The device the calls run on: the iOS device class (--device) on ios, phone on android, desktop on linux, macos and windows.", "type": "string", "enum": ["iphone", "ipad", "phone", "desktop"] },
    "window": { "type": "string", "minLength": 1 },
    "webview": { "type": "string", "minLength": 1 },
    "origin": { "description": "local, or the remote URL the calls come from.", "type": "string", "minLength": 1 },
    "inspect": { "description": "Whether bridge/presentation notifications precede each call's response.", "type": "boolean" },
    "strict": { "description": "Whether what would only be a warning (bridge/warning) is refused with -32602 instead: --strict, or initialize {\"strict\": true}.", "type": "boolean" },
    "outcome": { "description": "The session's scripted outcome of a presentation (--outcome, or initialize {\"outcome\": …}); a call's __bridge.outcome overrides it.", "type": "string", "enum": ["complete", "never", "busy", "unanchored", "no-key-window"] },
    "user": { "description": "Who answers the sheets: the scripted user, or a person clicking in a browser page (--user interactive).", "type": "string", "enum": ["scripted", "interactive"] },
    "commands": {
      "description": "Every command served, as plugin:<plugin>|<command>.",
      "type": "array",
      "items": { "type": "string", "pattern": "^plugin:[a-z0-9-]+\\|[a-z0-9_]+$" }
    },
    "globals": {
      "description": "What a webview has before its page runs, by global name, for the session's platform: plugin-os's __TAURI_OS_PLUGIN_INTERNALS__ when os is hosted. The Node client's installMocks defines them.",
      "type": "object"
    }
  }
}

"""##),
        ("jsonrpc/notification.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/jsonrpc/notification.schema.json",
  "title": "Notification from bridge serve",
  "description": "Sent before a request's response, or as things happen. bridge/warning: what Tauri accepts but the device would silently get wrong (always sent; initialize {\"strict\": true} or --strict refuses it instead). bridge/presentation: the platform record, when initialize asked for 'inspect'. bridge/event: a plugin event (what listen('<plugin>://<event>') receives). bridge/callback: a message on a Channel of the stdio client (a watch's positions). bridge/exit: the app ended (plugin:process|exit), with its code; the session then ends with that code. bridge/restart: the app restarts (plugin:process|restart): the session ends and the bridge starts again in place; bridge/restarted opens the new session (input sent in between may be lost, as a restarting app's calls are). bridge/listening: with --http, the address pages open, the script's URL and the invoke key (again after a restart, with a new key). bridge/unhandled: a call nothing answered (its command, kind, arguments, why, and a fixture that would answer it; with --auto-answer, the made-up result).",
  "type": "object",
  "required": [
    "jsonrpc",
    "method",
    "params"
  ],
  "additionalProperties": false,
  "properties": {
    "jsonrpc": {
      "const": "2.0"
    },
    "method": {
      "type": "string",
      "enum": [
        "bridge/presentation",
        "bridge/warning",
        "bridge/event",
        "bridge/callback",
        "bridge/exit",
        "bridge/restart",
        "bridge/restarted",
        "bridge/listening",
        "bridge/unhandled"
      ]
    },
    "params": {
      "type": "object"
    }
  },
  "oneOf": [
    {
      "properties": {
        "method": {
          "const": "bridge/presentation"
        },
        "params": {
          "type": "object",
          "required": [
            "id",
            "presentation"
          ],
          "additionalProperties": false,
          "properties": {
            "id": {
              "anyOf": [
                {
                  "type": "string"
                },
                {
                  "type": "number"
                },
                {
                  "type": "null"
                }
              ]
            },
            "presentation": {
              "oneOf": [
                {
                  "$ref": "../presentation/ios.schema.json"
                },
                {
                  "$ref": "../presentation/android.schema.json"
                },
                {
                  "description": "An official plugin's record: what the device shows or does (a biometric prompt, a vibration, a paste prompt).",
                  "type": "object",
                  "required": [
                    "plugin",
                    "platform",
                    "nativeMethod"
                  ],
                  "properties": {
                    "plugin": {
                      "type": "string",
                      "enum": [
                        "barcode-scanner",
                        "biometric",
                        "clipboard-manager",
                        "dialog",
                        "geolocation",
                        "haptics",
                        "process"
                      ]
                    },
                    "platform": {
                      "type": "string",
                      "enum": [
                        "ios",
                        "android",
                        "linux",
                        "macos",
                        "windows"
                      ]
                    },
                    "nativeMethod": {
                      "type": "string"
                    }
                  }
                }
              ]
            }
          }
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/warning"
        },
        "params": {
          "type": "object",
          "required": [
            "id",
            "warnings"
          ],
          "additionalProperties": false,
          "properties": {
            "id": {
              "anyOf": [
                {
                  "type": "string"
                },
                {
                  "type": "number"
                },
                {
                  "type": "null"
                }
              ]
            },
            "warnings": {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "object",
                "required": [
                  "code",
                  "message"
                ],
                "additionalProperties": false,
                "properties": {
                  "code": {
                    "type": "string",
                    "pattern": "^[a-z][a-z_]*$",
                    "description": "unknown_key, duplicate_key, positional_params, unparsable_url, unfetchable_url, scope, scope_ignored"
                  },
                  "message": {
                    "type": "string"
                  },
                  "field": {
                    "type": "string"
                  }
                }
              }
            }
          }
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/event"
        },
        "params": {
          "type": "object",
          "required": [
            "plugin",
            "event",
            "payload"
          ],
          "additionalProperties": false,
          "properties": {
            "plugin": {
              "type": "string"
            },
            "event": {
              "type": "string"
            },
            "payload": {}
          }
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/callback"
        },
        "params": {
          "type": "object",
          "required": [
            "callback",
            "payload"
          ],
          "additionalProperties": false,
          "properties": {
            "callback": {
              "type": "integer",
              "minimum": 0
            },
            "payload": {
              "description": "As Tauri's Channel sends: {message, index} (and id, before 2.3).",
              "type": "object"
            }
          }
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/exit"
        },
        "params": {
          "type": "object",
          "required": [
            "code"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "integer",
              "description": "The code exit(code) was given; the session's exit status is it, modulo 256 as Unix keeps it."
            }
          }
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/restart"
        },
        "params": {
          "type": "object",
          "additionalProperties": false
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/restarted"
        },
        "params": {
          "type": "object",
          "additionalProperties": false
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/listening"
        },
        "params": {
          "type": "object",
          "required": [
            "url",
            "script",
            "key"
          ],
          "additionalProperties": false,
          "properties": {
            "url": {
              "type": "string",
              "pattern": "^https?://"
            },
            "script": {
              "type": "string",
              "pattern": "^https?://"
            },
            "key": {
              "type": "string",
              "pattern": "^[0-9a-f]{32}$"
            }
          }
        }
      }
    },
    {
      "properties": {
        "method": {
          "const": "bridge/unhandled"
        },
        "params": {
          "type": "object",
          "required": [
            "command",
            "kind",
            "args",
            "message",
            "fixture"
          ],
          "additionalProperties": false,
          "properties": {
            "command": {
              "type": "string"
            },
            "kind": {
              "type": "string"
            },
            "args": {},
            "message": {
              "type": "string"
            },
            "fixture": {
              "type": "object",
              "minProperties": 1,
              "maxProperties": 1
            },
            "auto": {
              "const": true
            },
            "result": {}
          }
        }
      }
    }
  ]
}

"""##),
        ("jsonrpc/request.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/jsonrpc/request.schema.json",
  "title": "JSON-RPC 2.0 request to bridge serve",
  "description": "A request (with an id: answered exactly once) or a notification (without: never answered). A batch is a non-empty array of these.",
  "definitions": {
    "id": { "description": "Echoed exactly as written.", "anyOf": [{ "type": "string" }, { "type": "number" }, { "type": "null" }] },
    "message": {
      "type": "object",
      "required": ["jsonrpc", "method"],
      "properties": {
        "jsonrpc": { "const": "2.0" },
        "id": { "$ref": "#/definitions/id" },
        "method": {
          "description": "plugin:<plugin>|<command>, or a protocol method: initialize, initialized, shutdown, exit, $/cancelRequest.",
          "type": "string"
        },
        "params": {
          "description": "The named arguments (an object; omitted or null = {}). Arrays carry no keys: as in Tauri every argument reads as absent (with a positional_params warning; refused under strict). '__bridge' is reserved: {activity?, cancel?, outcome?, biometric?, permission?} for the simulated user, stripped before binding.",
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "__bridge": {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "activity": { "type": "string", "minLength": 1 },
                    "cancel": { "type": "boolean" },
                    "outcome": { "enum": ["complete", "never", "busy", "unanchored", "no-key-window"] },
                    "biometric": { "enum": ["success", "cancel", "fallback", "lockout", "fail"] },
                    "permission": {
                      "description": "Runtime permissions for this call: allow/deny answer a prompt it shows, granted/denied set the permission first; one answer for every permission, or by name.",
                      "oneOf": [
                        { "enum": ["allow", "deny", "granted", "denied"] },
                        { "type": "object", "additionalProperties": { "enum": ["allow", "deny", "granted", "denied"] } }
                      ]
                    }
                  }
                }
              }
            },
            { "type": "array" },
            { "type": "null" }
          ]
        }
      }
    }
  },
  "oneOf": [
    { "$ref": "#/definitions/message" },
    { "type": "array", "minItems": 1, "items": { "$ref": "#/definitions/message" } }
  ]
}

"""##),
        ("jsonrpc/response.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/jsonrpc/response.schema.json",
  "title": "JSON-RPC 2.0 response from bridge serve",
  "description": "Exactly one per request: a result or an error, never both. A batch is answered by one array of these.",
  "definitions": {
    "response": {
      "type": "object",
      "required": ["jsonrpc", "id"],
      "additionalProperties": false,
      "properties": {
        "jsonrpc": { "const": "2.0" },
        "id": { "anyOf": [{ "type": "string" }, { "type": "number" }, { "type": "null" }] },
        "result": {},
        "error": { "$ref": "../error.schema.json" }
      },
      "oneOf": [ { "required": ["result"], "properties": { "result": true } }, { "required": ["error"], "properties": { "error": true } } ]
    }
  },
  "oneOf": [
    { "$ref": "#/definitions/response" },
    { "type": "array", "minItems": 1, "items": { "$ref": "#/definitions/response" } }
  ]
}

"""##),
        ("presentation/android.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/presentation/android.schema.json",
  "title": "Android presentation record",
  "description": "What the Android plugins would start: share_text's ACTION_SEND intent, chooser and thumbnail step; share's files, intent, chooser and completion; can_share's answer.",
  "oneOf": [
    {
      "$ref": "#/definitions/shareText"
    },
    {
      "$ref": "#/definitions/share"
    },
    {
      "$ref": "#/definitions/canShare"
    }
  ],
  "definitions": {
    "shareText": {
      "type": "object",
      "required": [
        "platform",
        "intent",
        "chooser",
        "thumbnail"
      ],
      "additionalProperties": false,
      "properties": {
        "platform": {
          "const": "android"
        },
        "nativeMethod": {
          "const": "shareText"
        },
        "intent": {
          "type": "object",
          "required": [
            "action",
            "type",
            "extras",
            "clipData",
            "flags"
          ],
          "additionalProperties": false,
          "properties": {
            "action": {
              "const": "android.intent.action.SEND"
            },
            "type": {
              "const": "text/plain"
            },
            "extras": {
              "type": "object",
              "required": [
                "android.intent.extra.TEXT"
              ],
              "additionalProperties": false,
              "properties": {
                "android.intent.extra.TEXT": {
                  "type": "string",
                  "minLength": 1
                },
                "android.intent.extra.SUBJECT": {
                  "type": "string"
                },
                "android.intent.extra.TITLE": {
                  "type": "string"
                }
              }
            },
            "clipData": {
              "oneOf": [
                {
                  "type": "null"
                },
                {
                  "type": "object",
                  "required": [
                    "label",
                    "uri"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "label": {
                      "type": [
                        "string",
                        "null"
                      ]
                    },
                    "uri": {
                      "type": "string",
                      "pattern": "^content://"
                    }
                  }
                }
              ]
            },
            "flags": {
              "type": "array",
              "items": {
                "const": "FLAG_GRANT_READ_URI_PERMISSION"
              },
              "maxItems": 1
            }
          }
        },
        "chooser": {
          "type": "object",
          "required": [
            "title",
            "flags"
          ],
          "additionalProperties": false,
          "properties": {
            "title": {
              "description": "The title passed to Intent.createChooser: null in the plugin, so Android draws its preview header; a string replaces that header with a title bar.",
              "type": [
                "string",
                "null"
              ]
            },
            "flags": {
              "const": [
                "FLAG_ACTIVITY_NEW_TASK"
              ]
            }
          }
        },
        "thumbnail": {
          "oneOf": [
            {
              "type": "null"
            },
            {
              "type": "object",
              "required": [
                "outcome",
                "file",
                "contentUri",
                "elapsedMs"
              ],
              "additionalProperties": false,
              "properties": {
                "outcome": {
                  "enum": [
                    "downloaded",
                    "cached",
                    "timeout",
                    "failed"
                  ]
                },
                "file": {
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "contentUri": {
                  "oneOf": [
                    {
                      "type": "null"
                    },
                    {
                      "type": "string",
                      "pattern": "^content://"
                    }
                  ]
                },
                "elapsedMs": {
                  "type": "integer",
                  "minimum": 0
                },
                "reason": {
                  "type": "string"
                }
              }
            }
          ]
        }
      },
      "description": "share_text (frak-share): the ACTION_SEND intent and chooser the plugin would start, and the thumbnail step."
    },
    "share": {
      "description": "share (plugin share): the files placed for the FileProvider, the ACTION_SEND / ACTION_SEND_MULTIPLE intent, the chooser started for a result with an IntentSender, its content preview (API 29+) and how it ended.",
      "type": "object",
      "required": [
        "platform",
        "nativeMethod",
        "files",
        "previewImage",
        "intent",
        "chooser",
        "contentPreview",
        "completion"
      ],
      "additionalProperties": false,
      "properties": {
        "platform": {
          "const": "android"
        },
        "nativeMethod": {
          "const": "share"
        },
        "files": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/storedFile"
          }
        },
        "previewImage": {
          "description": "preview.image of a share without files: the text preview's ClipData thumbnail.",
          "oneOf": [
            {
              "type": "null"
            },
            {
              "$ref": "#/definitions/storedFile"
            }
          ]
        },
        "intent": {
          "type": "object",
          "required": [
            "action",
            "type",
            "extras",
            "clipData",
            "flags"
          ],
          "additionalProperties": false,
          "properties": {
            "action": {
              "enum": [
                "android.intent.action.SEND",
                "android.intent.action.SEND_MULTIPLE"
              ]
            },
            "type": {
              "description": "text/plain without files; the file's type; the common type of several (image/png, image/*, */*).",
              "type": "string",
              "pattern": "^[^/]+/[^/]+$"
            },
            "extras": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "android.intent.extra.TEXT": {
                  "type": "string",
                  "minLength": 1
                },
                "android.intent.extra.SUBJECT": {
                  "type": "string"
                },
                "android.intent.extra.TITLE": {
                  "type": "string"
                },
                "android.intent.extra.STREAM": {
                  "oneOf": [
                    {
                      "type": "string",
                      "pattern": "^content://"
                    },
                    {
                      "type": "array",
                      "minItems": 2,
                      "items": {
                        "type": "string",
                        "pattern": "^content://"
                      }
                    }
                  ]
                }
              }
            },
            "clipData": {
              "oneOf": [
                {
                  "type": "null"
                },
                {
                  "type": "object",
                  "required": [
                    "label",
                    "uri"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "label": {
                      "type": "string"
                    },
                    "uri": {
                      "type": "string",
                      "pattern": "^content://"
                    }
                  }
                },
                {
                  "type": "object",
                  "required": [
                    "label",
                    "mimeTypes",
                    "items"
                  ],
                  "additionalProperties": false,
                  "properties": {
                    "label": {
                      "type": "string"
                    },
                    "mimeTypes": {
                      "const": [
                        "text/uri-list"
                      ]
                    },
                    "items": {
                      "type": "array",
                      "minItems": 1,
                      "items": {
                        "type": "object",
                        "required": [
                          "uri"
                        ],
                        "additionalProperties": false,
                        "properties": {
                          "uri": {
                            "type": "string",
                            "pattern": "^content://"
                          }
                        }
                      }
                    }
                  }
                }
              ]
            },
            "flags": {
              "type": "array",
              "items": {
                "const": "FLAG_GRANT_READ_URI_PERMISSION"
              },
              "maxItems": 1
            }
          }
        },
        "chooser": {
          "type": "object",
          "required": [
            "title",
            "titleShown",
            "intentSender",
            "startedForResult",
            "flags"
          ],
          "additionalProperties": false,
          "properties": {
            "title": {
              "description": "dialogTitle as passed to Intent.createChooser; Android 10+ does not show it for a share.",
              "type": [
                "string",
                "null"
              ]
            },
            "titleShown": {
              "const": false
            },
            "intentSender": {
              "const": "android.intent.extra.CHOSEN_COMPONENT"
            },
            "startedForResult": {
              "const": true
            },
            "flags": {
              "type": "array",
              "items": {
                "const": "FLAG_GRANT_READ_URI_PERMISSION"
              },
              "maxItems": 1
            }
          }
        },
        "contentPreview": {
          "oneOf": [
            {
              "type": "object",
              "required": [
                "kind",
                "title",
                "thumbnail",
                "text",
                "copyButton"
              ],
              "additionalProperties": false,
              "properties": {
                "kind": {
                  "const": "text"
                },
                "title": {
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "thumbnail": {
                  "oneOf": [
                    {
                      "type": "null"
                    },
                    {
                      "type": "string",
                      "pattern": "^content://"
                    }
                  ]
                },
                "text": {
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "copyButton": {
                  "type": "boolean"
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "images",
                "more"
              ],
              "additionalProperties": false,
              "properties": {
                "kind": {
                  "const": "image"
                },
                "images": {
                  "type": "array",
                  "minItems": 1,
                  "maxItems": 3,
                  "items": {
                    "type": "string",
                    "pattern": "^content://"
                  }
                },
                "more": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            },
            {
              "type": "object",
              "required": [
                "kind",
                "name",
                "more"
              ],
              "additionalProperties": false,
              "properties": {
                "kind": {
                  "const": "file"
                },
                "name": {
                  "type": "string"
                },
                "more": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          ]
        },
        "completion": {
          "description": "How the chooser ended; null while it is up (the record a browser overlay shows).",
          "oneOf": [
            {
              "type": "null"
            },
            {
              "type": "object",
              "required": [
                "chosenComponent",
                "hostStopped",
                "resultCode",
                "activityType"
              ],
              "additionalProperties": false,
              "properties": {
                "chosenComponent": {
                  "description": "EXTRA_CHOSEN_COMPONENT as the IntentSender received it (package/class), or null.",
                  "type": [
                    "string",
                    "null"
                  ]
                },
                "hostStopped": {
                  "description": "Whether the target covered the app (onStop): the plugin resolves only then.",
                  "type": "boolean"
                },
                "resultCode": {
                  "const": "RESULT_CANCELED"
                },
                "activityType": {
                  "type": [
                    "string",
                    "null"
                  ]
                }
              }
            }
          ]
        }
      }
    },
    "canShare": {
      "description": "can_share (plugin share): whether share would present the chooser.",
      "type": "object",
      "required": [
        "platform",
        "nativeMethod",
        "value"
      ],
      "additionalProperties": false,
      "properties": {
        "platform": {
          "const": "android"
        },
        "nativeMethod": {
          "const": "canShare"
        },
        "value": {
          "type": "boolean"
        },
        "reason": {
          "type": "string"
        }
      }
    },
    "storedFile": {
      "description": "A shared file as layer 1 resolved it, and its copy under <cacheDir>/share/file-<UUID>/ with its FileProvider URI.",
      "type": "object",
      "required": [
        "source",
        "scheme",
        "name",
        "byteCount",
        "mimeType",
        "typeIdentifier",
        "stored",
        "contentUri"
      ],
      "additionalProperties": false,
      "properties": {
        "source": {
          "type": "string"
        },
        "scheme": {
          "enum": [
            "path",
            "file",
            "data",
            "http"
          ]
        },
        "name": {
          "type": "string"
        },
        "byteCount": {
          "type": "integer",
          "minimum": 0
        },
        "mimeType": {
          "type": "string"
        },
        "typeIdentifier": {
          "type": "string"
        },
        "path": {
          "type": "string"
        },
        "stored": {
          "type": "string",
          "pattern": "/share/file-[0-9A-Fa-f-]{36}/[^/]+$"
        },
        "contentUri": {
          "type": "string",
          "pattern": "^content://"
        }
      }
    }
  }
}

"""##),
        ("presentation/ios-share.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/presentation/ios-share.schema.json",
  "title": "iOS presentation record of plugin:share|share",
  "description": "What UIActivityViewController would have been handed for files, a link and a text (seeds 002 and 003): one item source per file, the link and text items, the LPLinkMetadata and the header it draws, and what the picked activity received.",
  "type": "object",
  "required": ["platform", "device", "nativeMethod", "activityItems", "linkMetadata", "header", "popover", "completion", "delivered"],
  "additionalProperties": false,
  "definitions": {
    "file": {
      "description": "A resolved file (ShareFile): what was sent, how, its name, size and type from its bytes.",
      "type": "object",
      "required": ["source", "scheme", "name", "byteCount", "mimeType", "typeIdentifier"],
      "additionalProperties": false,
      "properties": {
        "source": {"type": "string", "description": "The files entry as sent (a data: URL is cut to its first characters)."},
        "scheme": {"enum": ["path", "file", "data", "http"]},
        "name": {"type": "string"},
        "byteCount": {"type": "integer", "minimum": 1},
        "mimeType": {"type": "string"},
        "typeIdentifier": {"type": "string"},
        "path": {"type": "string", "description": "The canonical local path, for a path or file:// entry."}
      }
    },
    "metadata": {
      "description": "LPLinkMetadata as seed 002 builds it: title (preview.title, else title), url (the link), originalURL (URL(fileURLWithPath: preview.subtitle), else the link), icon (preview.image, else the first image).",
      "type": "object",
      "required": ["title", "url", "originalURL", "icon"],
      "additionalProperties": false,
      "properties": {
        "title": {"type": ["string", "null"]},
        "url": {"type": ["string", "null"]},
        "originalURL": {"type": ["string", "null"]},
        "icon": {
          "oneOf": [
            {"type": "null"},
            {
              "type": "object",
              "required": ["sourceURL", "byteCount", "typeIdentifier"],
              "additionalProperties": false,
              "properties": {
                "sourceURL": {"type": "string"},
                "byteCount": {"type": "integer", "minimum": 0},
                "typeIdentifier": {"type": "string"},
                "dataURL": {"type": "string", "pattern": "^data:image/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]*={0,2}$"}
              }
            }
          ]
        }
      }
    },
    "item": {
      "oneOf": [
        {
          "description": "A file's UIActivityItemSource: placeholder the title, item the UIImage or the file URL, dataTypeIdentifier from the bytes; the first carries the metadata.",
          "type": "object",
          "required": ["kind", "placeholder", "item", "dataTypeIdentifier", "file"],
          "additionalProperties": false,
          "properties": {
            "kind": {"enum": ["image", "file"]},
            "placeholder": {"type": "string"},
            "item": {"enum": ["UIImage", "URL"]},
            "dataTypeIdentifier": {"type": "string"},
            "url": {"type": "string", "pattern": "^file:///"},
            "file": {"$ref": "#/definitions/file"},
            "metadata": {"$ref": "#/definitions/metadata"}
          }
        },
        {
          "type": "object",
          "required": ["kind", "url", "subject", "metadata"],
          "additionalProperties": false,
          "properties": {
            "kind": {"const": "link"},
            "url": {"type": "string"},
            "subject": {"type": ["string", "null"]},
            "metadata": {"$ref": "#/definitions/metadata"}
          }
        },
        {
          "type": "object",
          "required": ["kind", "text", "subject"],
          "additionalProperties": false,
          "properties": {
            "kind": {"const": "text"},
            "text": {"type": "string"},
            "subject": {"type": ["string", "null"]}
          }
        }
      ]
    },
    "delivered": {
      "description": "One thing the picked activity received, and in which type.",
      "type": "object",
      "required": ["kind", "type", "as"],
      "additionalProperties": false,
      "properties": {
        "kind": {"enum": ["text", "link", "image", "file"]},
        "type": {"type": "string"},
        "as": {"enum": ["String", "URL", "UIImage", "Data (pngData())", "attachment (URL)"]},
        "text": {"type": "string"},
        "url": {"type": "string"},
        "name": {"type": "string"},
        "byteCount": {"type": "integer", "minimum": 1}
      }
    }
  },
  "properties": {
    "platform": {"const": "ios"},
    "device": {"enum": ["iphone", "ipad"]},
    "nativeMethod": {"const": "share"},
    "activityItems": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/item"}},
    "linkMetadata": {"$ref": "#/definitions/metadata"},
    "header": {
      "description": "What the sheet's header would display.",
      "type": "object",
      "required": ["title", "subtitle", "icon"],
      "additionalProperties": false,
      "properties": {
        "title": {"type": ["string", "null"]},
        "subtitle": {"type": ["string", "null"]},
        "icon": {
          "oneOf": [
            {"type": "null"},
            {"type": "object", "required": ["source", "typeIdentifier"], "additionalProperties": false,
             "properties": {"source": {"type": "string"}, "typeIdentifier": {"type": "string"}}}
          ]
        }
      }
    },
    "popover": {"type": ["object", "null"], "description": "As in presentation/ios: the centred popover on iPad, null on iPhone."},
    "completion": {
      "description": "How the sheet closed: an activity completed; or completed false, the rejection Share canceled, with activityType null (the user dismissed the sheet) or the activity that was not offered and a reason. Null while the sheet is up (the record a browser overlay shows).",
      "oneOf": [
        {"type": "null"},
        {
          "type": "object",
          "required": ["activityType", "completed"],
          "additionalProperties": false,
          "properties": {"activityType": {"type": "string"}, "completed": {"const": true}}
        },
        {
          "type": "object",
          "required": ["activityType", "completed"],
          "additionalProperties": false,
          "properties": {"activityType": {"type": ["string", "null"]}, "completed": {"const": false}, "reason": {"type": "string"}}
        }
      ]
    },
    "delivered": {
      "description": "What the chosen activity received; null when nothing was shared.",
      "oneOf": [
        {"type": "null"},
        {
          "type": "object",
          "required": ["subject", "items"],
          "additionalProperties": false,
          "properties": {
            "subject": {"type": "string"},
            "items": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/delivered"}}
          }
        }
      ]
    }
  }
}

"""##),
        ("presentation/ios.schema.json", ##"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://bridge.example/schemas/presentation/ios.schema.json",
  "title": "iOS presentation record",
  "description": "What UIActivityViewController would have been handed, and what the simulated user did.",
  "type": "object",
  "required": [
    "platform",
    "device",
    "activityItems",
    "iconLoad",
    "popover",
    "completion",
    "delivered"
  ],
  "additionalProperties": false,
  "definitions": {
    "metadata": {
      "type": "object",
      "required": [
        "title",
        "url",
        "originalURL",
        "icon"
      ],
      "additionalProperties": false,
      "properties": {
        "title": {
          "type": [
            "string",
            "null"
          ]
        },
        "url": {
          "type": [
            "string",
            "null"
          ]
        },
        "originalURL": {
          "type": [
            "string",
            "null"
          ]
        },
        "icon": {
          "oneOf": [
            {
              "type": "null"
            },
            {
              "type": "object",
              "required": [
                "sourceURL",
                "byteCount",
                "typeIdentifier"
              ],
              "additionalProperties": false,
              "properties": {
                "sourceURL": {
                  "type": "string"
                },
                "byteCount": {
                  "type": "integer",
                  "minimum": 0
                },
                "typeIdentifier": {
                  "type": "string"
                },
                "dataURL": {
                  "description": "The icon's bytes as a data: URL (icons up to 1 MiB), so a rendering needs no network.",
                  "type": "string",
                  "pattern": "^data:image/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]*={0,2}$"
                }
              }
            }
          ]
        }
      }
    },
    "item": {
      "oneOf": [
        {
          "type": "object",
          "required": [
            "kind",
            "url",
            "subject",
            "metadata"
          ],
          "additionalProperties": false,
          "properties": {
            "kind": {
              "const": "link"
            },
            "url": {
              "type": "string"
            },
            "subject": {
              "type": [
                "string",
                "null"
              ]
            },
            "metadata": {
              "$ref": "#/definitions/metadata"
            }
          }
        },
        {
          "type": "object",
          "required": [
            "kind",
            "text",
            "subject"
          ],
          "additionalProperties": false,
          "properties": {
            "kind": {
              "const": "text"
            },
            "text": {
              "type": "string"
            },
            "subject": {
              "type": [
                "string",
                "null"
              ]
            }
          }
        }
      ]
    }
  },
  "properties": {
    "platform": {
      "const": "ios"
    },
    "device": {
      "enum": [
        "iphone",
        "ipad"
      ]
    },
    "nativeMethod": {
      "const": "shareText"
    },
    "activityItems": {
      "description": "The typed items, link first; empty when the link URL(string:) cannot parse was dropped and there is no text.",
      "type": "array",
      "minItems": 0,
      "maxItems": 2,
      "items": {
        "$ref": "#/definitions/item"
      }
    },
    "iconLoad": {
      "oneOf": [
        {
          "type": "null"
        },
        {
          "type": "object",
          "required": [
            "outcome",
            "elapsedMs"
          ],
          "additionalProperties": false,
          "properties": {
            "outcome": {
              "enum": [
                "loaded",
                "timeout",
                "failed"
              ]
            },
            "elapsedMs": {
              "type": "integer",
              "minimum": 0
            },
            "reason": {
              "type": "string"
            }
          }
        }
      ]
    },
    "popover": {
      "oneOf": [
        {
          "type": "null"
        },
        {
          "type": "object",
          "required": [
            "sourceView",
            "sourceRect",
            "permittedArrowDirections"
          ],
          "additionalProperties": false,
          "properties": {
            "sourceView": {
              "type": "string"
            },
            "sourceRect": {
              "type": "object",
              "required": [
                "x",
                "y",
                "width",
                "height"
              ],
              "additionalProperties": false,
              "properties": {
                "x": {
                  "type": "number"
                },
                "y": {
                  "type": "number"
                },
                "width": {
                  "const": 0
                },
                "height": {
                  "const": 0
                }
              }
            },
            "permittedArrowDirections": {
              "type": "array",
              "maxItems": 0
            }
          }
        }
      ]
    },
    "completion": {
      "type": "object",
      "required": [
        "activityType",
        "completed"
      ],
      "additionalProperties": false,
      "properties": {
        "activityType": {
          "type": [
            "string",
            "null"
          ]
        },
        "completed": {
          "type": "boolean"
        },
        "reason": {
          "type": "string"
        }
      }
    },
    "delivered": {
      "oneOf": [
        {
          "type": "null"
        },
        {
          "type": "object",
          "required": [
            "subject",
            "items"
          ],
          "additionalProperties": false,
          "properties": {
            "subject": {
              "type": [
                "string",
                "null"
              ]
            },
            "items": {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "string"
              }
            }
          }
        }
      ]
    }
  },
  "allOf": [
    {
      "if": {
        "properties": {
          "device": {
            "const": "ipad"
          }
        }
      },
      "then": {
        "properties": {
          "popover": {
            "type": "object"
          }
        }
      },
      "else": {
        "properties": {
          "popover": {
            "type": "null"
          }
        }
      }
    }
  ]
}
"""##),
    ]
}
